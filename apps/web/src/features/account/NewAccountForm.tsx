/**
 * The new work account an invitation offers (docs/back-office.md "Invitations"): a name, then the
 * password form with its live rules. Nothing is sent without a name.
 */
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { usePart } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { ChoosePasswordForm } from '../../ui/auth/ChoosePasswordForm.tsx';
import styles from './account.module.css';

/** The longest name the server takes. */
const NAME_MAX = 100;

export function NewAccountForm({
  email,
  onJoin,
  titleId,
  errorText,
}: {
  email: string;
  onJoin: (fields: { name: string; password: string }) => Promise<void>;
  titleId: string;
  errorText: (key: string) => string;
}) {
  const { t } = usePart('account');
  const nameId = useId();
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  return (
    // Any attempt to send marks a missing name too, whatever the password fields say; the form
    // then moves the focus to the first field in error, the name.
    <div
      className={styles.contents}
      onSubmitCapture={() => {
        if (!name.trim()) setNameMissing(true);
      }}
    >
      <ChoosePasswordForm
        email={email}
        labelledBy={titleId}
        leavesOnSuccess
        submitLabel={t('account.invitation.create')}
        busyLabel={t('account.invitation.joining')}
        testId="invitation-form"
        errorText={errorText}
        onSubmit={async ({ password }) => {
          if (!name.trim()) {
            setNameMissing(true);
            document.getElementById(nameId)?.focus();
            // Nothing is sent; the form says why beside the button too.
            throw new ApiError(422, 'nameRequired', null);
          }
          await onJoin({ name: name.trim(), password });
        }}
        before={
          <div className={authStyles.field}>
            <label className={authStyles.label} htmlFor={nameId}>
              {t('account.invitation.name')}
            </label>
            <input
              id={nameId}
              className={authStyles.input}
              autoComplete="name"
              maxLength={NAME_MAX}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (event.target.value.trim()) setNameMissing(false);
              }}
              aria-invalid={nameMissing || undefined}
              aria-describedby={`${nameId}-hint`}
              // biome-ignore lint/a11y/noAutofocus: the page's one job is this form
              autoFocus
              data-testid="invitation-name"
            />
            <p id={`${nameId}-hint`} className={nameMissing ? authStyles.error : authStyles.hint}>
              {nameMissing ? t('account.invitation.errors.nameRequired') : t('account.invitation.nameHint')}
            </p>
          </div>
        }
      />
    </div>
  );
}
