/**
 * A platform administrator creates a business for someone who asked (docs/back-office.md "Sign-up
 * and platform"): the sign-up form's business, first service and hours, and the owner's e-mail,
 * who is sent an invitation to become its owner. The server judges every field; its problems show
 * beside them. Created, the form empties for the next one and the list shows the new business.
 */
import { useId, useState } from 'react';
import { useCreatePlatformGroup } from '../../api/platform.ts';
import { usePart } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SignupBusiness } from '../signup/SignupBusiness.tsx';
import { TextField } from '../signup/SignupField.tsx';
import { SignupHours } from '../signup/SignupHours.tsx';
import signupStyles from '../signup/SignupPage.module.css';
import { SignupService } from '../signup/SignupService.tsx';
import { knownProblem } from '../signup/signup-form.ts';
import { useSignupForm } from '../signup/use-signup-form.ts';
import styles from './platform.module.css';

export function CreateGroupForm() {
  const { t, i18n } = usePart('admin');
  const { t: tAccount } = usePart('account');
  const titleId = useId();
  const create = useCreatePlatformGroup();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState('');
  const form = useSignupForm(i18n.language, async (body) => {
    const answer = await create.mutateAsync({
      business: body.business,
      owner_email: body.owner?.email ?? '',
    });
    setCreated(
      t('admin.platform.create.done', {
        name: body.business.name,
        address: `/${answer.group.urlname}`,
        email: answer.invitation.email,
      }),
    );
    form.reset();
    setOpen(false);
  });

  return (
    <section className={styles.create} aria-labelledby={titleId}>
      <div className={styles.createHead}>
        <h2 id={titleId}>{t('admin.platform.create.title')}</h2>
        {!open && (
          <Button
            onClick={() => {
              setCreated('');
              setOpen(true);
            }}
            data-testid="platform-create-open"
          >
            <Icon name="sparkle" />
            {t('admin.platform.create.open')}
          </Button>
        )}
      </div>
      <p className={styles.status} role="status" data-testid="platform-create-status">
        {created}
      </p>
      {open && (
        <form
          className={styles.createForm}
          aria-labelledby={titleId}
          onSubmit={(event) => void form.submit(event)}
          noValidate
          data-testid="platform-create-form"
        >
          <p className={styles.lead}>{t('admin.platform.create.lead')}</p>
          <SignupBusiness form={form} legend={t('admin.platform.create.business')} />
          <SignupService form={form} legend={t('admin.platform.create.service')} />
          <SignupHours form={form} legend={t('admin.platform.create.hours')} />
          <fieldset className={signupStyles.section}>
            <legend>{t('admin.platform.create.owner')}</legend>
            <TextField
              form={form}
              name="email"
              path="owner_email"
              type="email"
              label={t('admin.platform.create.ownerEmail')}
              hint={t('admin.platform.create.ownerHint')}
            />
          </fieldset>
          {form.failure && (
            <p className={authStyles.alert} role="alert" data-testid="platform-create-error">
              <Icon name="alert" />
              <span>{tAccount(`account.signup.errors.${knownProblem(form.failure)}`)}</span>
            </p>
          )}
          <div className={styles.createActions}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('admin.platform.cancel')}
            </Button>
            <Button type="submit" disabled={form.isPending} data-testid="platform-create-submit">
              {form.isPending ? t('admin.platform.create.busy') : t('admin.platform.create.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
