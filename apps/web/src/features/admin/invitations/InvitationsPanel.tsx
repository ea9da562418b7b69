/**
 * Inviting someone to the staff, and the invitations still waiting (docs/back-office.md
 * "Invitations"), for owners. The mail goes in the group's language; its link works once, for
 * seven days. "Send again" replaces a pending invitation (the old link stops working).
 */
import { useId, useMemo, useState } from 'react';
import {
  type StaffInvitation,
  useInvitations,
  useInviteStaff,
  useRevokeInvitation,
} from '../../../api/admin-invitations.ts';
import { useCalendars } from '../../../api/calendars.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { InviteForm } from './InviteForm.tsx';
import styles from './invitations.module.css';

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
