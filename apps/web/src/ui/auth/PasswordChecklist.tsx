/** The live checklist of the password rules (docs/requirements/accounts-and-appointments.md §5), straight from the shared rules. */
import { checkPassword, PASSWORD_MIN_LENGTH } from '@creneau/core/validation/password';
import { usePart } from '../../i18n/i18n.ts';
import { Icon } from '../Icon.tsx';
import styles from './auth.module.css';
import { ExtraIcon } from './extra-icons.tsx';

interface PasswordChecklistProps {
  id: string;
  password: string;
  email?: string | null | undefined;
}

export function PasswordChecklist({ id, password, email }: PasswordChecklistProps) {
  const { t } = usePart('account');
  const { checklist } = checkPassword(password, email);
  return (
    <ul
      id={id}
      className={styles.checklist}
      aria-label={t('account.password.rulesTitle')}
      data-testid="password-checklist"
    >
      {checklist.map(({ rule, ok }) => (
        <li key={rule} className={[styles.rule, ok && styles.ruleOk].filter(Boolean).join(' ')} data-ok={ok}>
          {ok ? <Icon name="check" size={16} /> : <ExtraIcon name="circle" size={16} />}
          <span>
            {t(`account.password.rules.${rule}`, { min: PASSWORD_MIN_LENGTH })}
            <span className="visually-hidden">
              {' '}
              {ok ? t('account.password.ruleMet') : t('account.password.ruleNotMet')}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
