/**
 * /signup — a person creates their business and becomes its owner (docs/back-office.md "Sign-up
 * and platform"): who they are, the business and its address, one service and the weekly hours.
 * The server judges every field; its `problems` show beside the fields they name. Created, the
 * person is logged in and lands in the new business's back office.
 */
import { useId } from 'react';
import { useSignup } from '../../api/signup.ts';
import { groupPath } from '../../app/paths.ts';
import { usePart, useTranslation } from '../../i18n/i18n.ts';
import { useNavigate } from '../../routing/routing.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SignupBusiness } from './SignupBusiness.tsx';
import { TextField } from './SignupField.tsx';
import { SignupHours } from './SignupHours.tsx';
import styles from './SignupPage.module.css';
import { SignupService } from './SignupService.tsx';
import { knownProblem } from './signup-form.ts';
import { useSignupForm } from './use-signup-form.ts';

export function SignupPage() {
  const { t } = usePart('account');
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignup();
  // Created, the person is logged in as its owner and lands in the new business's back office.
  const form = useSignupForm(i18n.language, async (body) => {
    const created = await signup.mutateAsync(body);
    navigate(groupPath(created.group.urlname, 'admin'), { replace: true });
  });
  const titleId = useId();

  return (
    <div className={styles.wrap}>
      <form
        className={styles.card}
        aria-labelledby={titleId}
        onSubmit={(event) => void form.submit(event)}
        noValidate
      >
        <header className={styles.header}>
          <h1 id={titleId}>{t('account.signup.title')}</h1>
          <p className={styles.lead}>{t('account.signup.lead')}</p>
        </header>

        <fieldset className={styles.section}>
          <legend>{t('account.signup.sections.you')}</legend>
          <div className={styles.pair}>
            <TextField form={form} name="firstname" path="owner.firstname" autoComplete="given-name" />
            <TextField form={form} name="lastname" path="owner.lastname" autoComplete="family-name" />
          </div>
          <TextField form={form} name="email" path="owner.email" type="email" autoComplete="email" />
          <TextField
            form={form}
            name="password"
            path="owner.password"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            hint={t('account.signup.passwordHint')}
          />
        </fieldset>

        <SignupBusiness form={form} />

        <SignupService form={form} />

        <SignupHours form={form} />

        {form.failure && (
          <p className={authStyles.alert} role="alert" data-testid="signup-error">
            <Icon name="alert" />
            <span>{t(`account.signup.errors.${knownProblem(form.failure)}`)}</span>
          </p>
        )}
        <Button type="submit" block disabled={form.isPending} data-testid="signup-submit">
          {form.isPending ? t('account.signup.creating') : t('account.signup.submit')}
        </Button>
      </form>
    </div>
  );
}
