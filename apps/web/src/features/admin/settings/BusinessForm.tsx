/**
 * The business details form (docs/group-configuration.md "Identity, contact, region"): the name,
 * contact and region of the group, saved as the whole document with `based_on` the version read.
 * The browser only checks that a name is given; the server's problems come back on their fields
 * (business-draft.ts), a save raced by another editor is refused and offered a reload.
 */

import { LOCALES } from '@creneau/core/locales';
import { type ReactNode, useId, useMemo } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import {
  type BusinessDraft,
  type BusinessField,
  documentWith,
  draftOf,
  enabledWith,
  localProblems,
  sortProblems,
  timeZones,
} from './business-draft.ts';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import { LanguageChecks } from './LanguageChecks.tsx';
import { byName, languageNamer } from './language-names.ts';
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

/** The message a field with a problem shows. */
const ERROR_OF: Record<BusinessField, string> = {
  name: 'name',
  phone: 'phone',
  mail: 'mail',
  siteUrl: 'siteUrl',
  street: 'address',
  zipcode: 'address',
  city: 'address',
  addressCountry: 'address',
  country: 'country',
  timezone: 'timezone',
  locale: 'locale',
  enabled_locales: 'enabled_locales',
};

export function BusinessForm(props: EditorFormProps) {
  const { t, i18n } = usePart('admin');
  const id = useId();
  const form = useEditorForm(props, 'never', { draftOf, documentWith, localProblems, sortProblems });
  const { draft, setDraft, register, invalid, fixed } = form;
  const zones = useMemo(() => timeZones(draft.timezone), [draft.timezone]);
  const languageName = useMemo(() => languageNamer(i18n.language), [i18n.language]);
  // Languages read in alphabetical order of their names in the page's language.
  const languages = useMemo(
    () => byName(LOCALES, languageName, i18n.language),
    [languageName, i18n.language],
  );

  const set = <K extends keyof BusinessDraft>(key: K, value: BusinessDraft[K]) => {
    form.edited();
    setDraft((current) => ({ ...current, [key]: value }));
    fixed(key as BusinessField);
  };
  const toggleLocale = (code: string, on: boolean) =>
    set('enabled_locales', enabledWith(draft.enabled_locales, code, on));
  const chooseMain = (code: string) => {
    set('locale', code);
    if (!draft.enabled_locales.includes(code))
      setDraft((current) => ({
        ...current,
        enabled_locales: enabledWith(current.enabled_locales, code, true),
      }));
  };

  /** The props that tie a control to its label's field, its error and the focus on problems. */
  const control = (field: BusinessField, hint?: boolean) => {
    const bad = invalid.includes(field);
    const described = [bad ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null]
      .filter(Boolean)
      .join(' ');
    return {
      id: `${id}-${field}`,
      ref: register(field),
      'aria-invalid': bad || undefined,
      'aria-describedby': described || undefined,
      'data-testid': `settings-${field}`,
    };
  };
  const problem = (field: BusinessField) =>
    invalid.includes(field) ? (
      <FieldProblem id={`${id}-${field}-error`} testId={`settings-${field}-error`}>
        {t(`admin.settings.errors.${ERROR_OF[field]}`)}
      </FieldProblem>
    ) : null;
  const field = (name: BusinessField, input: ReactNode, hint?: string, wide?: boolean) => (
    <div className={wide ? `${forms.field} ${styles.wide}` : forms.field}>
      <label className={forms.label} htmlFor={`${id}-${name}`}>
        {t(`admin.settings.fields.${name}`)}
      </label>
      {hint && (
        <p id={`${id}-${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {input}
      {problem(name)}
    </div>
  );
  const text = (name: Exclude<BusinessField, 'enabled_locales' | 'timezone' | 'locale'>, extra = {}) => (
    <input
      className={forms.input}
      type="text"
      value={draft[name] ?? ''}
      onChange={(event) => set(name, event.target.value)}
      {...control(name, name === 'country' || name === 'siteUrl')}
      {...extra}
    />
  );

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="settings-form"
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.details.identity')}</legend>
        <div className={`${styles.grid} ${styles.pairs}`}>
          {field('name', text('name', { autoComplete: 'organization', required: true }), undefined, true)}
          {field('phone', text('phone', { type: 'tel', autoComplete: 'off', inputMode: 'tel' }))}
          {draft.mail !== null &&
            field('mail', text('mail', { type: 'email', autoComplete: 'off', inputMode: 'email' }))}
          {field(
            'siteUrl',
            text('siteUrl', { type: 'url', autoComplete: 'off', inputMode: 'url' }),
            t('admin.settings.hints.siteUrl'),
            true,
          )}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.details.address')}</legend>
        {field('street', text('street', { autoComplete: 'off' }))}
        <div className={`${styles.grid} ${styles.triples}`}>
          {field('zipcode', text('zipcode', { autoComplete: 'off' }))}
          {field('city', text('city', { autoComplete: 'off' }))}
          {field('addressCountry', text('addressCountry', { autoComplete: 'off' }))}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.details.region')}</legend>
        <div className={`${styles.grid} ${styles.pairs}`}>
          {field(
            'country',
            text('country', {
              maxLength: 2,
              autoComplete: 'off',
              className: `${forms.input} ${styles.short}`,
            }),
            t('admin.settings.hints.country'),
          )}
          {field(
            'timezone',
            <select
              className={forms.input}
              value={draft.timezone}
              onChange={(event) => set('timezone', event.target.value)}
              {...control('timezone')}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>,
          )}
          {field(
            'locale',
            <select
              className={forms.input}
              value={draft.locale}
              onChange={(event) => chooseMain(event.target.value)}
              {...control('locale', true)}
            >
              {languages.map((code) => (
                <option key={code} value={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>,
            t('admin.settings.hints.locale'),
            true,
          )}
        </div>
        <LanguageChecks
          languages={languages}
          languageName={languageName}
          main={draft.locale}
          enabled={draft.enabled_locales}
          errorId={invalid.includes('enabled_locales') ? `${id}-enabled_locales-error` : undefined}
          problem={problem('enabled_locales')}
          register={register('enabled_locales')}
          onToggle={toggleLocale}
        />
      </fieldset>

      <SaveBar {...form.saveBar} />
    </form>
  );
}
