/**
 * The settings tab of the records page (docs/requirements/accounts-and-appointments.md §2, §4 account page, §5): the account's e-mail
 * (saving enabled only for a valid address different from the current one; the change waits for
 * the confirmation link sent to the new address, announced by the emailChanged alert) and its
 * password (current one, new one with the live checklist, confirmation).
 */
import { validateNewEmail } from '@creneau/core/validation/email';
import { type FormEvent, useId, useState } from 'react';
import { useRequestEmailChange } from '../../api/account-email.ts';
import { useUpdatePassword } from '../../api/account-password.ts';
import { usePart } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { ChoosePasswordForm } from '../../ui/auth/ChoosePasswordForm.tsx';
import { EmailField } from '../../ui/auth/EmailField.tsx';
import { errorKey } from '../../ui/auth/error-key.ts';
import { SubmitButton } from '../../ui/auth/SubmitButton.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../../ui/notification-store.ts';
import { openPopup } from '../../ui/popup-store.ts';
import styles from './FichesPage.module.css';

interface AccountSettingsProps {
  groupId: number;
  accountId: number;
  email: string;
  /** A change waiting for its confirmation link, if any. */
  pendingEmail: string | null;
}

export function AccountSettings({ groupId, accountId, email, pendingEmail }: AccountSettingsProps) {
  const { t } = usePart('account');
  const emailTitle = useId();
  const passwordTitle = useId();
  const change = useRequestEmailChange();
  const setPassword = useUpdatePassword(accountId);
  const [newEmail, setNewEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ key: string; email: string } | null>(null);
  const [waiting, setWaiting] = useState(pendingEmail);
  const trimmed = newEmail.trim();
  const rule = validateNewEmail(trimmed, email);
  const emailError =
    (touched && newEmail !== '' && rule) || (serverError?.email === trimmed ? serverError.key : null);

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (rule) {
      setTouched(true);
      return;
    }
    change.mutate(
      { accountId, groupId, email: trimmed },
      {
        onSuccess: () => {
          setWaiting(trimmed);
          setNewEmail('');
          setTouched(false);
          openPopup({
            kind: 'alert',
            title: t('account.settings.emailChangedTitle'),
            message: 'emailChanged',
            values: { email: trimmed },
          });
        },
        onError: (error) => {
          const key = errorKey(error);
          setServerError({ key, email: trimmed });
          notify(key);
        },
      },
    );
  };

  return (
    <div className={styles.settings}>
      <section className={styles.settingsCard} aria-labelledby={emailTitle}>
        <h2 id={emailTitle} className={styles.cardTitle}>
          <Icon name="mail" />
          {t('account.settings.emailTitle')}
        </h2>
        <p className={styles.current}>
          {t('account.settings.currentEmail')} <strong data-testid="current-email">{email}</strong>
        </p>
        {waiting && (
          <div className={authStyles.notice} data-testid="email-pending">
            <Icon name="info" />
            <span>{t('account.settings.emailPending', { email: waiting })}</span>
          </div>
        )}
        <form className={authStyles.form} onSubmit={submitEmail} noValidate aria-labelledby={emailTitle}>
          <EmailField
            label={t('account.settings.newEmail')}
            value={newEmail}
            onChange={setNewEmail}
            onBlur={() => setTouched(true)}
            error={emailError || null}
            name="new-email"
            testId="new-email"
          />
          <SubmitButton
            blocked={rule !== null}
            busy={change.isPending}
            busyLabel={t('account.reset.saving')}
            testId="email-save"
          >
            {t('account.settings.emailSave')}
          </SubmitButton>
        </form>
      </section>
      <section className={styles.settingsCard} aria-labelledby={passwordTitle}>
        <h2 id={passwordTitle} className={styles.cardTitle}>
          <Icon name="shield" />
          {t('account.settings.passwordTitle')}
        </h2>
        <ChoosePasswordForm
          email={email}
          requireCurrent
          labelledBy={passwordTitle}
          submitLabel={t('account.settings.passwordSave')}
          busyLabel={t('account.reset.saving')}
          testId="settings-password"
          onSubmit={async ({ password, confirmation, current }) => {
            await setPassword.mutateAsync({
              group_id: groupId,
              password,
              password_confirmation: confirmation,
              current_password: current,
            });
            notify('passwordChanged', { tone: 'success' });
          }}
        />
      </section>
    </div>
  );
}
