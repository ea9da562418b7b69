/**
 * The business in the sign-up form (docs/back-office.md "Sign-up and platform"): its name and url
 * name, its address as it is written, its country and language, and its time zone when the
 * country does not settle it.
 */
import { COUNTRY_DEFAULTS } from '@creneau/core/group-config/new-business';
import { LOCALES } from '@creneau/core/locales';
import { useMemo } from 'react';
import { usePart, useTranslation } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Field, TextField } from './SignupField.tsx';
import styles from './SignupPage.module.css';
import { allZones, COUNTRIES, zoneNeeded } from './signup-form.ts';
import type { SignupForm } from './use-signup-form.ts';

export function SignupBusiness({
  form,
  legend,
}: {
  form: Pick<SignupForm, 'fields' | 'set' | 'type' | 'problemOf'>;
  /** The section's name; the sign-up page's own by default. */
  legend?: string;
}) {
  const { t } = usePart('account');
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const regionNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const languageNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'language' }), [locale]);
  const { fields, set, problemOf } = form;
  return (
    <fieldset className={styles.section}>
      <legend>{legend ?? t('account.signup.sections.business')}</legend>
      <TextField form={form} name="name" path="business.name" autoComplete="organization" maxLength={100} />
      <TextField
        form={form}
        name="urlname"
        path="business.urlname"
        maxLength={64}
        hint={t('account.signup.urlnameHint', {
          address: `${window.location.origin}/${fields.urlname || '…'}`,
        })}
      />
      <TextField form={form} name="street" path="business.address.street" autoComplete="address-line1" />
      {/* As an address is written: the street, then the postal code and the town. */}
      <div className={styles.pair}>
        <TextField
          form={form}
          name="zipcode"
          path="business.address.zipcode"
          autoComplete="postal-code"
          maxLength={16}
        />
        <TextField
          form={form}
          name="city"
          path="business.address.city"
          autoComplete="address-level2"
          maxLength={100}
        />
      </div>
      <div className={styles.pair}>
        <Field
          label={t('account.signup.fields.country')}
          problem={problemOf('business.address.country')}
          testId="signup-country"
        >
          {(id, describedBy) => (
            <select
              id={id}
              className={authStyles.input}
              value={fields.country}
              onChange={(event) => set('country')(event.target.value)}
              aria-describedby={describedBy}
              data-testid="signup-country"
            >
              {COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {regionNames.of(code) ?? code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('account.signup.fields.language')}
          problem={problemOf('business.language')}
          testId="signup-language"
        >
          {(id, describedBy) => (
            <select
              id={id}
              className={authStyles.input}
              value={fields.language}
              onChange={(event) => set('language')(event.target.value)}
              aria-describedby={describedBy}
              data-testid="signup-language"
            >
              {LOCALES.map((code) => (
                <option key={code} value={code}>
                  {languageNames.of(code) ?? code}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {zoneNeeded(fields.country) ? (
        <>
          <TextField
            form={form}
            name="timezone"
            path="business.timezone"
            maxLength={100}
            list="signup-zones"
            hint={t('account.signup.timezoneHint')}
          />
          <datalist id="signup-zones">
            {allZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      ) : (
        <p className={authStyles.hint} data-testid="signup-zone">
          {t('account.signup.zoneOf', { zone: COUNTRY_DEFAULTS[fields.country]!.zone })}
        </p>
      )}
    </fieldset>
  );
}
