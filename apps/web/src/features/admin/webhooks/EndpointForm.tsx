/**
 * Adding an endpoint (docs/webhooks.md "Endpoints"): its https address and the events it receives.
 * The server checks the address; its refusal shows under the field. The new endpoint's secret is
 * shown once here, and can be shown again from its card.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { type CreatedWebhook, useCreateWebhook } from '../../../api/admin-webhooks.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { SecretBox } from './SecretBox.tsx';
import { useWebhookText, WEBHOOK_EVENT_CHOICES } from './webhook-text.ts';
import styles from './webhooks.module.css';

export function EndpointForm() {
  const { t } = usePart('admin');
  const { event, error } = useWebhookText();
  const { group } = useGroupContext();
  const create = useCreateWebhook(group.id);
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<string>>(new Set(['appointment.created']));
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (create.isPending) return;
    setCreated(null);
    create.mutate(
      { url: url.trim(), events: WEBHOOK_EVENT_CHOICES.filter((name) => events.has(name)) },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setUrl('');
        },
        onError: () => urlRef.current?.focus(),
      },
    );
  };
  const problem = create.isError ? error(create.error) : null;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('admin.webhooks.add.title')}
      </h2>
      <form
        className={`${styles.form} ${forms.dense}`}
        onSubmit={submit}
        noValidate
        data-testid="webhook-form"
      >
        <div className={forms.field}>
          <label htmlFor={`${id}-url`} className={forms.label}>
            {t('admin.webhooks.add.url')}
          </label>
          <input
            ref={urlRef}
            id={`${id}-url`}
            className={forms.input}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            value={url}
            onChange={(change) => setUrl(change.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            data-testid="webhook-url"
          />
          {problem && (
            <p id={`${id}-error`} className={forms.error} role="alert" data-testid="webhook-form-error">
              <Icon name="alert" size={16} />
              <span>{problem}</span>
            </p>
          )}
        </div>
        <fieldset className={styles.fieldset}>
          <legend className={forms.label}>{t('admin.webhooks.add.events')}</legend>
          <div className={styles.checks}>
            {WEBHOOK_EVENT_CHOICES.map((name) => (
              <label key={name} className={styles.check}>
                <input
                  type="checkbox"
                  checked={events.has(name)}
                  onChange={(change) => {
                    const next = new Set(events);
                    if (change.target.checked) next.add(name);
                    else next.delete(name);
                    setEvents(next);
                  }}
                  data-testid={`webhook-event-${name}`}
                />
                {event(name)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" aria-disabled={create.isPending || undefined} data-testid="webhook-add">
            {create.isPending ? t('admin.webhooks.add.saving') : t('admin.webhooks.add.submit')}
          </Button>
        </div>
      </form>
      {created && (
        <div className={styles.created} role="status" data-testid="webhook-created">
          <p>{t('admin.webhooks.secret.created', { url: created.url })}</p>
          <SecretBox secret={created.secret} />
        </div>
      )}
    </section>
  );
}
