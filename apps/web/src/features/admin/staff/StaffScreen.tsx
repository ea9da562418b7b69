/**
 * The back office's staff section (docs/back-office.md "Staff", "Roles"): who belongs to the
 * business, with which role and calendars. Owners (`staff.manage`) change a member's role and
 * calendars; the server's refusals (the last owner, a calendar of another business) are shown in
 * words. Owners invite above the list (InvitationsPanel.tsx).
 */
import type { Membership } from '../../../api/admin-membership.ts';
import { useStaff } from '../../../api/admin-staff.ts';
import { useCalendars } from '../../../api/calendars.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { InvitationsPanel } from '../invitations/InvitationsPanel.tsx';
import { usePeopleErrorText } from '../people-error-text.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { MemberCard } from './MemberCard.tsx';
import styles from './staff.module.css';

export function StaffScreen({ membership }: { membership: Membership }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const staff = useStaff(group.id, token);
  const calendars = useCalendars(group.id, { resource: false });
  const errorText = usePeopleErrorText();
  const canManage = membership.rights.includes('staff.manage');
  const members = staff.data?.records ?? [];
  const calendarList = (calendars.data ?? []).map((c) => ({ id: c.id, name: c.name }));

  return (
    <div className={styles.screen}>
      <ScreenTitle title={t('admin.sections.staff')} />

      {canManage && <InvitationsPanel />}

      <section className={styles.members} aria-labelledby="staff-members-title">
        <div className={styles.membersHead}>
          <h2 id="staff-members-title" className={styles.sectionTitle}>
            {t('admin.staff.members')}
            {staff.data && <span className={styles.count}>{members.length}</span>}
          </h2>
          <p className={styles.muted}>
            {canManage ? t('admin.staff.manageHint') : t('admin.staff.readOnly')}
          </p>
        </div>
        {staff.isPending && <Spinner label={t('admin.loading')} />}
        {staff.isError && (
          <div className={styles.failed}>
            <p className={styles.error} role="alert">
              {errorText(staff.error)}
            </p>
            <Button variant="secondary" onClick={() => void staff.refetch()}>
              <Icon name="refresh" />
              {t('admin.staff.retry')}
            </Button>
          </div>
        )}
        {staff.data && (
          <ul className={styles.list} data-testid="staff-list">
            {members.map((member) => (
              <MemberCard
                key={member.account_id}
                member={member}
                calendars={calendarList}
                canManage={canManage}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
