/**
 * Inviting someone to the staff, and the invitations still waiting (docs/back-office.md
 * "Invitations"), for owners. The mail goes in the group's language; its link works once, for
 * seven days. "Send again" replaces a pending invitation (the old link stops working).
 */
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import {
  type NewInvitation,
  type StaffInvitation,
  useInvitations,
  useInviteStaff,
  useRevokeInvitation,
} from '../../../api/admin-invitations.ts';
import { useCalendars } from '../../../api/calendars.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { errorKey } from '../../../ui/auth/error-key.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './invitations.module.css';

const ROLES = ['staff', 'manager', 'owner', 'callcentre'] as const;
type Role = (typeof ROLES)[number];

/** The server's refusals this form words itself; anything else is a generic failure. */
const KNOWN_ERRORS = new Set(['alreadyMember', 'calendarNotFound', 'emailValidator', 'tooManyRequests']);

export function InvitationsPanel() {
  const { t, i18n } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const headingId = useId();
  const pending = useInvitations(group.id, token, true);
  const calendars = useCalendars(group.id, { resource: false, locale: i18n.language });
  const invite = useInviteStaff(group.id);
  const revoke = useRevokeInvitation(group.id);
  const [announcement, setAnnouncement] = useState('');
  const calendarNames = useMemo(
    () => new Map((calendars.data ?? []).map((calendar) => [calendar.id, calendar.name])),
    [calendars.data],
  );
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { timeZone: group.timezone, dateStyle: 'medium' }),
    [i18n.language, group.timezone],
  );

  const sendAgain = (invitation: StaffInvitation) =>
    invite.mutate(
      { email: invitation.email, role: invitation.role, calendar_ids: invitation.calendar_ids },
      { onSuccess: () => setAnnouncement(t('admin.invite.sent', { email: invitation.email })) },
    );
  const withdraw = (invitation: StaffInvitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => setAnnouncement(t('admin.invite.withdrawn', { email: invitation.email })),
    });

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="invitations">
      <h2 id={headingId} className={styles.heading}>
        {t('admin.invite.title')}
      </h2>
      <p className={styles.lead}>{t('admin.invite.lead')}</p>
      <InviteForm
        calendars={calendars.data ?? []}
        onSent={(email) => setAnnouncement(t('admin.invite.sent', { email }))}
        send={(invitation) => invite.mutateAsync(invitation)}
      />
      <p className="visually-hidden" aria-live="polite" data-testid="invite-announcement">
        {announcement}
      </p>

      <h3 className={styles.subheading}>{t('admin.invite.pending')}</h3>
      {pending.isPending ? (
        <Spinner label={t('admin.invite.loading')} />
      ) : !pending.data || pending.data.length === 0 ? (
        <p className={styles.empty} data-testid="invitations-empty">
          {t('admin.invite.none')}
        </p>
      ) : (
        <ul className={styles.list} data-testid="invitations-list">
          {pending.data.map((invitation) => (
            <li key={invitation.id} className={styles.item} data-testid="invitation-item">
              <div className={styles.who}>
                <span className={styles.email}>{invitation.email}</span>
                <span className={styles.meta}>
                  {t(`admin.role.${invitation.role}`)}
                  {invitation.role === 'staff' &&
                    ` · ${
                      invitation.calendar_ids === null
                        ? t('admin.invite.allCalendars')
                        : invitation.calendar_ids.map((id) => calendarNames.get(id) ?? `#${id}`).join(', ')
                    }`}
                </span>
                <span className={styles.meta}>
                  {t('admin.invite.sentBy', {
                    name: invitation.invited_by ?? '—',
                    date: dateFormat.format(new Date(invitation.created_at)),
                    until: dateFormat.format(new Date(invitation.expires_at)),
                  })}
                </span>
              </div>
              <div className={styles.itemActions}>
                <Button
                  variant="secondary"
                  size="s"
                  disabled={invite.isPending}
                  onClick={() => sendAgain(invitation)}
                >
                  {t('admin.invite.sendAgain')}
                  <span className="visually-hidden"> · {invitation.email}</span>
                </Button>
                <Button
                  variant="secondary"
                  size="s"
                  disabled={revoke.isPending}
                  onClick={() => withdraw(invitation)}
                  data-testid="invitation-withdraw"
                >
                  {t('admin.invite.withdraw')}
                  <span className="visually-hidden"> · {invitation.email}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InviteForm({
  calendars,
  send,
  onSent,
}: {
  calendars: readonly { id: number; name: string }[];
  send: (invitation: NewInvitation) => Promise<unknown>;
  onSent: (email: string) => void;
}) {
  const { t } = usePart('admin');
  const ids = { email: useId(), role: useId(), error: useId(), calendars: useId() };
  const emailInput = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [everyCalendar, setEveryCalendar] = useState(true);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const noCalendarChosen = role === 'staff' && !everyCalendar && chosen.size === 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError('emailValidator');
      emailInput.current?.focus();
      return;
    }
    if (noCalendarChosen) {
      setError('noCalendar');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send({
        email: address,
        role,
        calendar_ids: role === 'staff' && !everyCalendar ? [...chosen].sort((a, b) => a - b) : null,
      });
      onSent(address);
      setEmail('');
      setEveryCalendar(true);
      setChosen(new Set());
      emailInput.current?.focus();
    } catch (cause) {
      const key = errorKey(cause);
      setError(KNOWN_ERRORS.has(key) ? key : 'other');
      if (key === 'alreadyMember' || key === 'emailValidator') emailInput.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const emailError = error === 'emailValidator' || error === 'alreadyMember';

  return (
    <form className={`${styles.form} ${forms.dense}`} onSubmit={submit} noValidate data-testid="invite-form">
      <div className={styles.row}>
        <div className={forms.field}>
          <label htmlFor={ids.email} className={forms.label}>
            {t('admin.invite.email')}
          </label>
          <input
            ref={emailInput}
            id={ids.email}
            className={forms.input}
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (emailError) setError(null);
            }}
            aria-invalid={emailError || undefined}
            aria-describedby={error ? ids.error : undefined}
            data-testid="invite-email"
          />
        </div>
        <div className={forms.field}>
          <label htmlFor={ids.role} className={forms.label}>
            {t('admin.invite.role')}
          </label>
          <select
            id={ids.role}
            className={forms.input}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            data-testid="invite-role"
          >
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {t(`admin.role.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={styles.hint}>{t(`admin.invite.roleHint.${role}`)}</p>

      {role === 'staff' && (
        <fieldset
          className={styles.calendars}
          aria-describedby={error === 'noCalendar' ? ids.error : undefined}
        >
          <legend className={forms.label}>{t('admin.invite.calendars')}</legend>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={everyCalendar}
              onChange={(event) => setEveryCalendar(event.target.checked)}
              data-testid="invite-every-calendar"
            />
            {t('admin.invite.allCalendars')}
          </label>
          {!everyCalendar &&
            calendars.map((calendar) => (
              <label key={calendar.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={chosen.has(calendar.id)}
                  onChange={() => {
                    const next = new Set(chosen);
                    if (next.has(calendar.id)) next.delete(calendar.id);
                    else next.add(calendar.id);
                    setChosen(next);
                    if (error === 'noCalendar') setError(null);
                  }}
                />
                {calendar.name}
              </label>
            ))}
        </fieldset>
      )}

      {error && (
        <p id={ids.error} className={styles.error} role="alert" data-testid="invite-error">
          <Icon name="alert" size={16} />
          <span>{t(`admin.invite.errors.${error}`)}</span>
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy} data-testid="invite-submit">
          <Icon name="mail" />
          {busy ? t('admin.invite.sending') : t('admin.invite.send')}
        </Button>
      </div>
    </form>
  );
}
