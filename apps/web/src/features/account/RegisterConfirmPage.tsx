/** Placeholder until the customer-area pages are built (issue 8). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/Page.tsx';

export function RegisterConfirmPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.registerConfirm.title')} note={t('common.comingSoon')} />;
}
