/**
 * The invitation form (docs/back-office.md "Invitations"): an address, a role and, for staff, the
 * calendars they work on. The address is checked here first; the server's refusals show beside
 * the form, and a sent invitation clears it for the next one.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import type { NewInvitation } from '../../../api/admin-invitations.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { errorKey } from '../../../ui/auth/error-key.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { InviteCalendars } from './InviteCalendars.tsx';
import styles from './invitations.module.css';
import { calendarIdsOf, inviteErrorKey, looksLikeEmail, ROLES, type Role } from './invite-draft.ts';

export function InviteForm({
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
    if (!looksLikeEmail(address)) {
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
        calendar_ids: calendarIdsOf(role, everyCalendar, chosen),
      });
      onSent(address);
      setEmail('');
      setEveryCalendar(true);
      setChosen(new Set());
      emailInput.current?.focus();
    } catch (cause) {
      const key = errorKey(cause);
      setError(inviteErrorKey(key));
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
        <InviteCalendars
          calendars={calendars}
          everyCalendar={everyCalendar}
          chosen={chosen}
          errorId={error === 'noCalendar' ? ids.error : undefined}
          onEveryCalendar={setEveryCalendar}
          onChosen={(next) => {
            setChosen(next);
            if (error === 'noCalendar') setError(null);
          }}
        />
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
