/**
 * /{urlname}/register_confirm (docs/requirements/accounts-and-appointments.md §2): the activation e-mail is on its way, to the address
 * received through the navigation state; what to do next and what to do if it does not arrive.
 */
import { usePart } from '../../i18n/i18n.ts';
import { EmailSentCard } from './EmailSentCard.tsx';

export function RegisterConfirmPage() {
  const { t } = usePart('account');
  return (
    <EmailSentCard
      title={t('pages.registerConfirm.title')}
      lead={(email) => (email ? t('account.registerConfirm.sentTo') : t('account.registerConfirm.sent'))}
      tips={[
        t('account.registerConfirm.openLink'),
        t('account.registerConfirm.spam'),
        t('account.registerConfirm.validity'),
      ]}
      backToLogin={t('account.registerConfirm.backToLogin')}
      testId="register-confirm"
    />
  );
}
