/**
 * /{urlname}/admin/notices — who at the business is mailed about bookings (docs/back-office.md
 * "Notices to the business"): up to five addresses, typed or taken from the staff, and which changes
 * are mailed. The owner's setting; the server checks every address again.
 */
import type { Membership } from '../../../api/admin-membership.ts';
import { useNotices } from '../../../api/admin-notices.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { NoticesForm } from './NoticesForm.tsx';
import styles from './notices.module.css';

export function NoticesScreen({ membership }: { membership: Membership }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const notices = useNotices(group.id, token);
  return (
    <div data-testid="notices-screen">
      <ScreenTitle title={t('admin.sections.notices')} />
      <p className={styles.intro}>{t('admin.notices.intro')}</p>
      {notices.isPending && <Spinner label={t('admin.loading')} />}
      {notices.isError && <ErrorMessage onRetry={() => void notices.refetch()} />}
      {notices.data && (
        <NoticesForm saved={notices.data} canSeeStaff={membership.rights.includes('staff.read')} />
      )}
    </div>
  );
}
