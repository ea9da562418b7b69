/** Making a subscription: which appointments it follows, "my appointments" first. */
import { type FormEvent, useId, useState } from 'react';
import { type CreatedFeed, useCreateCalendarFeed } from '../../../api/admin-calendar-feeds.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { errorKey } from '../../../ui/auth/error-key.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './subscriptions.module.css';

const MINE = 'mine';
/** The refusals the screen explains; anything else gets the general message. */
const KNOWN_ERRORS = new Set(['calendarNotFound', 'tooManyFeeds']);

export function NewFeedForm({
  calendars,
  onCreated,
}: {
  calendars: readonly { id: number; name: string }[];
  onCreated: (feed: CreatedFeed) => void;
}) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const create = useCreateCalendarFeed(group.id, token);
  const ids = { heading: useId(), what: useId(), error: useId() };
  const [what, setWhat] = useState(MINE);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setError(null);
    create.mutate(what === MINE ? null : Number(what), {
      onSuccess: onCreated,
      onError: (cause) => {
        const key = errorKey(cause);
        setError(KNOWN_ERRORS.has(key) ? key : 'other');
      },
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className={styles.heading}>
        {t('admin.feeds.create.title')}
      </h2>
      <form className={`${styles.form} ${forms.dense}`} onSubmit={submit} noValidate data-testid="feed-form">
        <div className={forms.field}>
          <label htmlFor={ids.what} className={forms.label}>
            {t('admin.feeds.create.what')}
          </label>
          <select
            id={ids.what}
            className={forms.input}
            value={what}
            onChange={(event) => setWhat(event.target.value)}
            aria-describedby={error ? ids.error : undefined}
            data-testid="feed-what"
          >
            <option value={MINE}>{t('admin.feeds.create.mine')}</option>
            {calendars.map((calendar) => (
              <option key={calendar.id} value={String(calendar.id)}>
                {calendar.name}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p id={ids.error} className={styles.error} role="alert" data-testid="feed-error">
            <Icon name="alert" size={16} />
            <span>{t(`admin.feeds.errors.${error}`)}</span>
          </p>
        )}
        <div>
          <Button type="submit" aria-disabled={create.isPending || undefined} data-testid="feed-create">
            {t('admin.feeds.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
