/**
 * The back office's staff section (docs/back-office.md).
 */
import type { Membership } from '../../../api/admin-membership.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { ScreenTitle } from '../ScreenTitle.tsx';

export function StaffScreen(_props: { membership: Membership }) {
  const { t } = usePart('admin');
  return <ScreenTitle title={t('admin.sections.staff')} />;
}
