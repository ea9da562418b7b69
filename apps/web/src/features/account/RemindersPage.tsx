/**
 * /{urlname}/reminders?token=…&channel=email|sms — the link every reminder carries (docs/reminders.md
 * "Stopping them"). Opening it stops the reminders of that channel at once; the page says so and
 * offers to undo it, and then to stop them again. A link that is cut, forged or whose record is gone
 * says it can no longer be used and leads to the group's booking page. Each result moves the focus
 * to the card's title, and its sentence sits in a status region.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import {
  changeReminderOptOut,
  type ReminderChannel,
  type ReminderOptOut,
} from '../../api/reminders-opt-out.ts';
import { withoutParams } from '../../app/startup/email-link.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Link, useLocation } from '../../routing/routing.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AuthCard } from './AuthCard.tsx';
import styles from './account.module.css';
import { cleanSearch } from './account-navigation.ts';
import { REMINDER_LINK_PARAMS, readReminderLink } from './reminder-link.ts';

type State =
  | { kind: 'asking' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'done'; answer: ReminderOptOut; busy: boolean; undoFailed: boolean };

/** A refusal of the link itself (404 linkNotFound, 400 for a token of the wrong form). */
const isBadLink = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export function RemindersPage() {
  const { t } = usePart('account');
  const { group } = useGroupContext();
  const { search } = useLocation();
  const link = readReminderLink(search);
  const token = link?.token ?? '';
  const channel: ReminderChannel | null = link?.channel ?? null;
  const [state, setState] = useState<State>(link ? { kind: 'asking' } : { kind: 'invalid' });
  const asked = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  const stop = useCallback(() => {
    if (!channel) return;
    setState({ kind: 'asking' });
    changeReminderOptOut({ token, channel, resume: false }).then(
      (answer) => setState({ kind: 'done', answer, busy: false, undoFailed: false }),
      (error: unknown) => setState({ kind: isBadLink(error) ? 'invalid' : 'failed' }),
    );
  }, [token, channel]);

  // Opening the link is the request. Under React's strict mode the effect runs twice on mount; the
  // ref (kept across that second run) makes it one call.
  useEffect(() => {
    if (asked.current || !channel) return;
    asked.current = true;
    stop();
  }, [stop, channel]);

  const toggle = (answer: ReminderOptOut) => {
    setState({ kind: 'done', answer, busy: true, undoFailed: false });
    changeReminderOptOut({ token, channel: answer.channel, resume: !answer.reminders }).then(
      (next) => setState({ kind: 'done', answer: next, busy: false, undoFailed: false }),
      () => setState({ kind: 'done', answer, busy: false, undoFailed: true }),
    );
  };

  // Each result, and each change of it, is read from its title.
  const result = state.kind === 'done' ? `${state.answer.channel}-${state.answer.reminders}` : state.kind;
  useEffect(() => {
    if (result !== 'asking') titleRef.current?.focus();
  }, [result]);

  const bookingPage = (
    <Link
      to={{ pathname: `/${group.urlname}`, search: cleanSearch(withoutParams(search, REMINDER_LINK_PARAMS)) }}
    >
      {t('account.reminders.bookingPage', { group: group.name })}
    </Link>
  );

  if (state.kind === 'asking') return <Spinner page label={t('account.reminders.loading')} />;
  if (state.kind !== 'done') {
    const invalid = state.kind === 'invalid';
    return (
      <AuthCard
        icon="alert"
        title={t(invalid ? 'account.reminders.invalid.title' : 'account.reminders.failed.title')}
        titleId={titleId}
        titleRef={titleRef}
        testId={invalid ? 'reminders-invalid' : 'reminders-failed'}
        footer={bookingPage}
      >
        <p role="status" className={styles.lead}>
          {t(invalid ? 'account.reminders.invalid.lead' : 'account.reminders.failed.lead')}
        </p>
        {!invalid && (
          <Button variant="secondary" onClick={stop} data-testid="reminders-retry">
            {t('account.reminders.failed.retry')}
          </Button>
        )}
      </AuthCard>
    );
  }

  const { answer, busy, undoFailed } = state;
  const on = answer.reminders;
  return (
    <AuthCard
      icon={on ? 'calendarCheck' : 'check'}
      title={t(on ? 'account.reminders.resumed.title' : 'account.reminders.stopped.title')}
      titleId={titleId}
      titleRef={titleRef}
      testId="reminders-result"
      footer={bookingPage}
    >
      <p role="status" className={styles.lead} data-testid="reminders-message">
        {t(`account.reminders.${on ? 'resumed' : 'stopped'}.${answer.channel}`, { group: answer.group_name })}
      </p>
      {undoFailed && (
        <p role="alert" className={authStyles.alert} data-testid="reminders-change-failed">
          <Icon name="alert" />
          <span>{t('account.reminders.changeFailed')}</span>
        </p>
      )}
      <Button
        variant={on ? 'secondary' : 'primary'}
        block
        disabled={busy}
        onClick={() => toggle(answer)}
        data-testid="reminders-toggle"
      >
        {busy
          ? t('account.reminders.saving')
          : t(on ? 'account.reminders.stopAgain' : 'account.reminders.keep')}
      </Button>
    </AuthCard>
  );
}
