/**
 * The back office's staff section (docs/back-office.md "Staff", "Invitations").
 */
import type { Membership } from '../../../api/admin-membership.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { InvitationsPanel } from '../invitations/InvitationsPanel.tsx';
import { ScreenTitle } from '../ScreenTitle.tsx';

export function StaffScreen({ membership }: { membership: Membership }) {
  const { t } = usePart('admin');
  return (
    <>
      <ScreenTitle title={t('admin.sections.staff')} />
      {membership.rights.includes('staff.manage') && <InvitationsPanel />}
    </>
  );
}
