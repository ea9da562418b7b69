/** Placeholder until the customer-area pages are built (issue 8). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../ui/Page.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.login.title')} note={t('common.comingSoon')} />;
}
