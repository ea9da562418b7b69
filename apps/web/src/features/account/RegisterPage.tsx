/**
 * /{urlname}/register (docs/requirements/accounts-and-appointments.md §2, §6): the e-mail address and consents, a link to log in; closed
 * groups show "registration disabled" with their phone instead. Success leads to register_confirm,
 * which shows the address the activation link went to.
 */
import { useId } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Link, useNavigate } from '../../routing/routing.ts';
import { RegisterForm } from '../auth/RegisterForm.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useCleanLink } from './account-navigation.ts';

export function RegisterPage() {
  const { t } = usePart('account');
  const { group } = useGroupContext();
  const navigate = useNavigate();
  const link = useCleanLink();
  const titleId = useId();
  const footer = (
    <p>
      {t('account.register.haveAccount')} <Link to={link('login')}>{t('account.register.logIn')}</Link>
    </p>
  );
  if (group.sso_login_only) {
    return (
      <AuthCard
        icon="shield"
        title={t('pages.register.title')}
        titleId={titleId}
        lead={t('messages.ssoLoginOnly')}
      >
        <Link to={link('login')}>{t('account.register.logIn')}</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon="user"
      title={t('pages.register.title')}
      titleId={titleId}
      lead={group.open ? t('account.register.lead', { name: group.name }) : undefined}
      testId="register-page"
      footer={footer}
    >
      <RegisterForm
        group={group}
        labelledBy={titleId}
        autoFocus
        onSuccess={(email) => navigate(link('register_confirm'), { state: { email } })}
      />
    </AuthCard>
  );
}
