/** The first service in the sign-up form (docs/back-office.md "Sign-up and platform"): its name, duration and price. */
import { usePart } from '../../i18n/i18n.ts';
import { TextField } from './SignupField.tsx';
import styles from './SignupPage.module.css';
import type { SignupForm } from './use-signup-form.ts';

export function SignupService({
  form,
  legend,
}: {
  form: Pick<SignupForm, 'fields' | 'type' | 'problemOf'>;
  /** The section's name; the sign-up page's "Your first service" by default. */
  legend?: string;
}) {
  const { t } = usePart('account');
  return (
    <fieldset className={styles.section}>
      <legend>{legend ?? t('account.signup.sections.service')}</legend>
      <TextField form={form} name="serviceName" path="business.service.name" maxLength={100} />
      <div className={styles.pair}>
        <TextField
          form={form}
          name="duration"
          path="business.service.duration"
          inputMode="numeric"
          maxLength={4}
        />
        <TextField
          form={form}
          name="price"
          path="business.service.price"
          inputMode="decimal"
          maxLength={10}
        />
      </div>
    </fieldset>
  );
}
