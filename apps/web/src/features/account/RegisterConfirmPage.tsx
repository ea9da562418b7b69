/**
 * /{urlname}/register_confirm (spec 001 §2): the activation e-mail is on its way, to the address
 * received through the navigation state; what to do next and what to do if it does not arrive.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { usePart } from '../../i18n/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import { AuthCard } from './AuthCard.tsx';
import styles from './account.module.css';
import { useCleanLink, useSentTo } from './account-navigation.ts';

export function RegisterConfirmPage() {
  const { t } = usePart('account');
  const link = useCleanLink();
  const email = useSentTo();
  const titleId = useId();
  return (
    <AuthCard
      icon="mail"
      title={t('pages.registerConfirm.title')}
      titleId={titleId}
      lead={email ? t('account.registerConfirm.sentTo') : t('account.registerConfirm.sent')}
      testId="register-confirm"
      footer={<Link to={link('login')}>{t('account.registerConfirm.backToLogin')}</Link>}
    >
      {email && (
        <p className={styles.sentTo} data-testid="sent-to">
          <Icon name="mail" />
          {email}
        </p>
      )}
      <ul className={styles.tips}>
        <li>{t('account.registerConfirm.openLink')}</li>
        <li>{t('account.registerConfirm.spam')}</li>
        <li>{t('account.registerConfirm.validity')}</li>
      </ul>
    </AuthCard>
  );
}
