/** /{urlname}/reset_password_confirm (spec 001 §2): title, what happens next, the address used. */
import { useId } from 'react';
import { Link } from 'react-router';
import { usePart } from '../../i18n/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import { AuthCard } from './AuthCard.tsx';
import styles from './account.module.css';
import { useCleanLink, useSentTo } from './account-navigation.ts';

export function ResetPasswordConfirmPage() {
  const { t } = usePart('account');
  const link = useCleanLink();
  const email = useSentTo();
  const titleId = useId();
  return (
    <AuthCard
      icon="mail"
      title={t('pages.resetPasswordConfirm.title')}
      titleId={titleId}
      lead={t('account.resetConfirm.lead')}
      testId="reset-confirm"
      footer={<Link to={link('login')}>{t('account.reset.backToLogin')}</Link>}
    >
      {email && (
        <p className={styles.sentTo} data-testid="sent-to">
          <Icon name="mail" />
          {email}
        </p>
      )}
      <ul className={styles.tips}>
        <li>{t('account.resetConfirm.onlyIfAccount')}</li>
        <li>{t('account.resetConfirm.validity')}</li>
        <li>{t('account.registerConfirm.spam')}</li>
      </ul>
    </AuthCard>
  );
}
