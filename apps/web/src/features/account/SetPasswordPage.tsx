/**
 * /set_password: reachable only when a notification asked for a password change (spec 001 §2, §8);
 * otherwise it is "not found". The form itself belongs to the customer-area pages (issue 8).
 */
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useNotificationStore } from '../../ui/notification-store.ts';
import { Card, PageContainer, PageHeader } from '../../ui/Page.tsx';

export function SetPasswordPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const requested = useNotificationStore((state) => state.passwordChangeRequested);
  if (!requested) return <Navigate replace to={{ pathname: '/not_found', search }} />;
  return (
    <PageContainer narrow>
      <PageHeader title={t('pages.setPassword.title')} lead={t('pages.setPassword.text')} />
      <Card>
        <p>{t('common.comingSoon')}</p>
      </Card>
    </PageContainer>
  );
}
