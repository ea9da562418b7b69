/**
 * Registration (docs/requirements/accounts-and-appointments.md §2 register, §4 Accounts, §6): an e-mail address and the marketing
 * consents; the account is activated from the link e-mailed to it, where its password is chosen.
 * Groups closed to new customers show "registration disabled" with their phone instead (health
 * variant for the sector Santé). Self-contained: `onSuccess` decides where the visitor goes next,
 * and `pendingRdv` carries a booking chosen before registering, resumed after the first login.
 */
import { validateEmail } from '@creneau/core/validation/email';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useRegister } from '../../api/account-register.ts';
import type { Group } from '../../api/group.ts';
import { usePart } from '../../i18n/i18n.ts';
import styles from '../../ui/auth/auth.module.css';
import { EmailField } from '../../ui/auth/EmailField.tsx';
import { errorKey } from '../../ui/auth/error-key.ts';
import { SubmitButton } from '../../ui/auth/SubmitButton.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useNotificationText } from '../../ui/NotificationBar.tsx';
import { notify } from '../../ui/notification-store.ts';

/** Server errors shown under the e-mail field rather than above the button. */
const EMAIL_ERRORS = new Set(['emailAlreadyExists', 'emailValidator']);
const DISABLED_ERRORS = new Set(['registrationDisabled', 'registrationDisabledHealth']);

export interface RegisterFormProps {
  group: Pick<Group, 'id' | 'name' | 'open' | 'sector' | 'phone' | 'hide_marketing_sms'>;
  /** Called once the activation e-mail is on its way, with the address it was sent to. */
  onSuccess: (email: string) => void;
  /** A booking chosen before registering (docs/requirements/accounts-and-appointments.md §4 pending appointment). */
  pendingRdv?: Record<string, unknown> | undefined;
  /** Under the button: e.g. the link to the login page. */
  footer?: ReactNode;
  labelledBy?: string;
  autoFocus?: boolean;
}

/** "Registration disabled" for closed groups, with the group's phone (docs/requirements/accounts-and-appointments.md §6). */
export function RegistrationDisabled({ group }: { group: Pick<Group, 'name' | 'sector' | 'phone'> }) {
  const { t } = usePart('account');
  const health = group.sector === 'Santé';
  const phone = group.phone?.trim();
  return (
    <div className={styles.notice} data-testid="registration-disabled">
      <Icon name="info" />
      <div className={styles.alertBody}>
        <strong>{t(health ? 'messages.registrationDisabledHealth' : 'messages.registrationDisabled')}</strong>
        {phone ? (
          <p>
            {t('account.register.callToBook', { name: group.name })}{' '}
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function RegisterForm({
  group,
  onSuccess,
  pendingRdv,
  footer,
  labelledBy,
  autoFocus,
}: RegisterFormProps) {
  const { t } = usePart('account');
  const text = useNotificationText();
  const mutation = useRegister();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [consents, setConsents] = useState({
    marketing_optin: false,
    marketing_sms: false,
    solocal_services_optin: false,
  });
  const [serverError, setServerError] = useState<{ key: string; email: string } | null>(null);
  const [closed, setClosed] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  if (!group.open || closed) return <RegistrationDisabled group={group} />;

  const trimmed = email.trim();
  const rule = validateEmail(trimmed);
  const current = serverError && serverError.email === trimmed ? serverError.key : null;
  const emailError =
    ((touched && email !== '') || attempted) && rule
      ? rule
      : current && EMAIL_ERRORS.has(current)
        ? current
        : null;
  const formError = current && !EMAIL_ERRORS.has(current) ? current : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (rule) {
      setAttempted(true);
      form.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
      return;
    }
    mutation.mutate(
      {
        group_id: group.id,
        email: trimmed,
        marketing_optin: consents.marketing_optin,
        ...(group.hide_marketing_sms
          ? {}
          : {
              marketing_sms: consents.marketing_sms,
              solocal_services_optin: consents.solocal_services_optin,
            }),
        ...(pendingRdv ? { pendingRdv } : {}),
      },
      {
        onSuccess: (response) => {
          setServerError(null);
          onSuccess(response.account.email);
        },
        onError: (error) => {
          const key = errorKey(error);
          if (DISABLED_ERRORS.has(key)) {
            setClosed(true);
            return;
          }
          setServerError({ key, email: trimmed });
          notify(key);
        },
      },
    );
  };

  const consent = (name: keyof typeof consents, label: string) => (
    <label className={styles.consent}>
      <input
        type="checkbox"
        name={name}
        checked={consents[name]}
        onChange={(event) => setConsents((was) => ({ ...was, [name]: event.target.checked }))}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={labelledBy}
      data-testid="register-form"
    >
      <EmailField
        label={t('account.fields.email')}
        value={email}
        onChange={setEmail}
        onBlur={() => setTouched(true)}
        error={emailError}
        hint={t('account.register.emailHint')}
        autoFocus={autoFocus}
        testId="register-email"
      />
      <fieldset className={styles.consents}>
        <legend>{t('account.register.consentsTitle')}</legend>
        {consent('marketing_optin', t('account.register.marketingEmail', { name: group.name }))}
        {!group.hide_marketing_sms &&
          consent('marketing_sms', t('account.register.marketingSms', { name: group.name }))}
        {!group.hide_marketing_sms &&
          consent('solocal_services_optin', t('account.register.providerServices'))}
      </fieldset>
      {formError && (
        <div className={styles.alert} data-testid="register-error">
          <Icon name="alert" />
          <span>{text(formError)}</span>
        </div>
      )}
      <SubmitButton
        blocked={rule !== null}
        busy={mutation.isPending}
        busyLabel={t('account.register.busy')}
        testId="register-submit"
      >
        {t('account.register.submit')}
      </SubmitButton>
      {footer}
    </form>
  );
}
