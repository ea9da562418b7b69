/**
 * The business details form (docs/group-configuration.md "Identity, contact, region"): the name,
 * contact and region of the group, saved as the whole document with `based_on` the version read.
 * The browser only checks that a name is given; the server's problems come back on their fields
 * (business-draft.ts), a save raced by another editor is refused and offered a reload.
 */

import { LOCALES } from '@creneau/core/locales';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type ConfigurationDocument,
  problemsOf,
  type SavedConfiguration,
  type useSaveConfiguration,
} from '../../../api/admin-settings.ts';
import { ApiError } from '../../../api/client.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import {
  type BusinessDraft,
  type BusinessField,
  documentWith,
  draftOf,
  localProblems,
  sortProblems,
} from './business-draft.ts';
import styles from './settings.module.css';

interface BusinessFormProps {
  version: number;
  document: ConfigurationDocument;
  save: ReturnType<typeof useSaveConfiguration>;
  onSaved: (saved: SavedConfiguration) => void;
  onEdit: () => void;
  onReload: () => void;
}

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

function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

export function BusinessForm({ version, document, save, onSaved, onEdit, onReload }: BusinessFormProps) {
  const { t, i18n } = usePart('admin');
  const id = useId();
  const [read] = useState<BusinessDraft>(() => draftOf(document));
  const [draft, setDraft] = useState<BusinessDraft>(read);
  const [invalid, setInvalid] = useState<BusinessField[]>([]);
  const [others, setOthers] = useState<string[]>([]);
  const fields = useRef(new Map<BusinessField, HTMLElement | null>());
  const focusFirst = useRef(false);
  const zones = useMemo(() => timeZones(draft.timezone), [draft.timezone]);
  const languageName = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
    return (code: string) => {
      const name = names.of(code) ?? code;
      return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
    };
  }, [i18n.language]);
  // Languages read in alphabetical order of their names in the page's language.
  const languages = useMemo(
    () => [...LOCALES].sort((a, b) => languageName(a).localeCompare(languageName(b), i18n.language)),
    [languageName, i18n.language],
  );

  // Closing or reloading the page with edits not saved asks first.
  useLeaveWarning(!save.isPending && JSON.stringify(draft) !== JSON.stringify(read));

  useEffect(() => {
    if (!focusFirst.current || invalid.length === 0) return;
    focusFirst.current = false;
    fields.current.get(invalid[0] as BusinessField)?.focus();
  });

  const set = <K extends keyof BusinessDraft>(key: K, value: BusinessDraft[K]) => {
    onEdit();
    if (save.isError) save.reset();
    setDraft((current) => ({ ...current, [key]: value }));
    if (invalid.includes(key as BusinessField)) setInvalid((list) => list.filter((field) => field !== key));
  };
  const toggleLocale = (code: string, on: boolean) => {
    const enabled = new Set(draft.enabled_locales);
    if (on) enabled.add(code);
    else enabled.delete(code);
    set(
      'enabled_locales',
      LOCALES.filter((locale) => enabled.has(locale)),
    );
  };
  const chooseMain = (code: string) => {
    set('locale', code);
    if (!draft.enabled_locales.includes(code))
      setDraft((current) => ({
        ...current,
        enabled_locales: LOCALES.filter(
          (locale) => locale === code || current.enabled_locales.includes(locale),
        ),
      }));
  };

  const showProblems = (found: BusinessField[], elsewhere: string[]) => {
    setInvalid(found);
    setOthers(elsewhere);
    focusFirst.current = true;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const local = localProblems(draft);
    if (local.length > 0) {
      showProblems(local, []);
      return;
    }
    setInvalid([]);
    setOthers([]);
    save.mutate(
      { document: documentWith(document, draft), based_on: version },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const sorted = sortProblems(problemsOf(error.body));
            showProblems(sorted.fields, sorted.other);
          }
        },
      },
    );
  };

  const error = save.error instanceof ApiError ? save.error : null;
  const conflict = error?.status === 409;
  const refused = error?.status === 422;
  const formError = !save.isError
    ? null
    : conflict
      ? t('admin.settings.errors.conflict')
      : refused
        ? invalid.length > 0
          ? t('admin.settings.errors.invalid')
          : t('admin.settings.errors.elsewhere')
        : error?.status === 403
          ? t('admin.settings.errors.forbidden')
          : t('admin.settings.errors.generic');

  /** The props that tie a control to its label's field, its error and the focus on problems. */
  const control = (field: BusinessField, hint?: boolean) => {
    const bad = invalid.includes(field);
    const described = [bad ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null]
      .filter(Boolean)
      .join(' ');
    return {
      id: `${id}-${field}`,
      ref: (element: HTMLElement | null) => {
        fields.current.set(field, element);
      },
      'aria-invalid': bad || undefined,
      'aria-describedby': described || undefined,
      'data-testid': `settings-${field}`,
    };
  };
  const problem = (field: BusinessField) =>
    invalid.includes(field) ? (
      <p id={`${id}-${field}-error`} className={forms.error} data-testid={`settings-${field}-error`}>
        <Icon name="alert" size={16} />
        <span>{t(`admin.settings.errors.${ERROR_OF[field]}`)}</span>
      </p>
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
      onSubmit={submit}
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
        <fieldset
          className={styles.languages}
          aria-describedby={invalid.includes('enabled_locales') ? `${id}-enabled_locales-error` : undefined}
        >
          <legend className={forms.label}>{t('admin.settings.fields.enabled_locales')}</legend>
          <div className={styles.checks}>
            {languages.map((code, index) => {
              const main = code === draft.locale;
              return (
                <label key={code} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={main || draft.enabled_locales.includes(code)}
                    disabled={main}
                    ref={
                      index === 0
                        ? (element) => {
                            fields.current.set('enabled_locales', element);
                          }
                        : undefined
                    }
                    onChange={(event) => toggleLocale(code, event.target.checked)}
                    data-testid={`settings-language-${code}`}
                  />
                  <span>{languageName(code)}</span>
                  {main && <span className={styles.mainTag}>{t('admin.settings.details.main')}</span>}
                </label>
              );
            })}
          </div>
          {problem('enabled_locales')}
        </fieldset>
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" aria-disabled={save.isPending || undefined} data-testid="settings-save">
          {save.isPending ? t('admin.settings.details.saving') : t('admin.settings.details.save')}
        </Button>
        <span className={styles.versionNote}>{t('admin.settings.details.version', { version })}</span>
      </div>
      <div aria-live="assertive">
        {formError && (
          <div className={styles.formError} role="alert" data-testid="settings-error">
            <p className={forms.error}>
              <Icon name="alert" size={18} />
              <span>{formError}</span>
            </p>
            {refused && others.length > 0 && (
              <ul className={styles.otherProblems}>
                {others.map((line) => (
                  <li key={line}>
                    <code>{line}</code>
                  </li>
                ))}
              </ul>
            )}
            {conflict && (
              <Button variant="secondary" size="s" onClick={onReload} data-testid="settings-reload">
                <Icon name="refresh" size={18} />
                {t('admin.settings.details.reload')}
              </Button>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
