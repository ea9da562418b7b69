/** /{urlname}/reset_password_confirm (docs/requirements/accounts-and-appointments.md §2): title, what happens next, the address used. */
import { usePart } from '../../i18n/i18n.ts';
import { EmailSentCard } from './EmailSentCard.tsx';

export function ResetPasswordConfirmPage() {
  const { t } = usePart('account');
  return (
    <EmailSentCard
      title={t('pages.resetPasswordConfirm.title')}
      lead={() => t('account.resetConfirm.lead')}
      tips={[
        t('account.resetConfirm.onlyIfAccount'),
        t('account.resetConfirm.validity'),
        t('account.registerConfirm.spam'),
      ]}
      backToLogin={t('account.reset.backToLogin')}
      testId="reset-confirm"
    />
  );
}
