/**
 * The booking rules form (docs/group-configuration.md "Booking rules (`rules`)", `maxrdv_period`,
 * "Scheduled release (`rules.release`)", "Who may do what"): notices in hours and days, the horizon,
 * the scheduled release (off, or a day of the month, a time and how many months ahead), the limits
 * per customer and who may book. The browser checks the schema's bounds (rules-draft.ts); the
 * server checks everything again and its problems come back on their fields.
 */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { durationWords } from './duration-draft.ts';
import { Choices, type ControlProps, DurationField, described, Field, Toggle } from './RuleControls.tsx';
import own from './rules.module.css';
import {
  DURATIONS,
  type DurationField as DurationName,
  documentWith,
  draftOf,
  localProblems,
  MAX_FUTURE_LIMIT,
  RELEASE_LIMITS,
  type RuleField,
  type RulesDraft,
  sortProblems,
} from './rules-draft.ts';
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

export function RulesForm(props: EditorFormProps) {
  const { t, i18n } = usePart('admin');
  const id = useId();
  const form = useEditorForm(props, 'whileMarked', { draftOf, documentWith, localProblems, sortProblems });
  const { draft, setDraft, register } = form;

  const set = <K extends keyof RulesDraft>(key: K, value: RulesDraft[K]) => {
    form.edited();
    setDraft((current) => ({ ...current, [key]: value }));
    form.fixed(key as RuleField);
  };

  const words = (minutes: number) => durationWords(minutes, i18n.language);
  const message = (field: RuleField): string | null => {
    const problem = form.problemOf(field);
    if (!problem) return null;
    const bounds = field in DURATIONS ? DURATIONS[field as DurationName] : null;
    return t(`admin.settings.rules.errors.${problem}`, {
      min: bounds ? words(bounds.min) : 1,
      max: bounds ? words(bounds.max) : MAX_FUTURE_LIMIT,
    });
  };
  const control = (field: RuleField): ControlProps => ({
    id: `${id}-${field}`,
    label: t(`admin.settings.rules.fields.${field}`),
    help: t(`admin.settings.rules.help.${field}`),
    problem: message(field),
    testId: `rules-${field}`,
    register: register(field),
  });
  const duration = (field: DurationName) => (
    <DurationField
      {...control(field)}
      value={draft[field]}
      units={DURATIONS[field].units}
      onChange={(value) => set(field, value)}
    />
  );
  const choiceRegister = (field: RuleField) => control(field).register;
  const numbers = ({ min, max }: { min: number; max: number }) =>
    Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
  const numberSelect = (field: 'releaseDay' | 'releaseMonths', values: string[]) => (
    <Field {...control(field)}>
      <select
        {...described(control(field))}
        ref={control(field).register}
        className={`${forms.input} ${own.number}`}
        value={draft[field]}
        onChange={(event) => set(field, event.target.value)}
        data-testid={`rules-${field}-input`}
      >
        {/* A value the document holds outside the choices stays shown, so that its problem can be read. */}
        {(values.includes(draft[field]) ? values : [draft[field], ...values]).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="rules-form"
    >
      <p className={styles.hint}>{t('admin.settings.rules.intro')}</p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.rules.sections.booking')}</legend>
        <div className={`${styles.grid} ${styles.pairs}`}>
          {duration('minNotice')}
          {duration('horizon')}
        </div>
        {draft.calendarHorizon > 0 && (
          <p className={own.note} data-testid="rules-calendar-horizon">
            {t('admin.settings.rules.calendarHorizon', { horizon: words(draft.calendarHorizon) })}
          </p>
        )}
      </fieldset>

      <fieldset className={styles.fieldset} data-testid="rules-release-section">
        <legend className={styles.legend}>{t('admin.settings.rules.sections.release')}</legend>
        <Toggle {...control('release')} checked={draft.release} onChange={(on) => set('release', on)} />
        {draft.release && (
          <div className={`${styles.grid} ${styles.pairs}`}>
            {numberSelect('releaseDay', numbers(RELEASE_LIMITS.day))}
            <Field {...control('releaseTime')}>
              <input
                {...described(control('releaseTime'))}
                ref={control('releaseTime').register}
                className={`${forms.input} ${own.time}`}
                type="time"
                value={draft.releaseTime}
                onChange={(event) => set('releaseTime', event.target.value)}
                data-testid="rules-releaseTime-input"
              />
            </Field>
            {numberSelect('releaseMonths', numbers(RELEASE_LIMITS.months))}
          </div>
        )}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.rules.sections.changes')}</legend>
        <div className={`${styles.grid} ${styles.pairs}`}>
          {duration('modifyNotice')}
          {duration('cancelNotice')}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.rules.sections.customers')}</legend>
        <div className={`${styles.grid} ${styles.pairs}`}>
          <Field {...control('maxFuture')}>
            <input
              {...described(control('maxFuture'))}
              ref={control('maxFuture').register}
              className={`${forms.input} ${own.number}`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('admin.settings.rules.noLimit')}
              value={draft.maxFuture}
              onChange={(event) => set('maxFuture', event.target.value)}
              data-testid="rules-maxFuture-input"
            />
          </Field>
          {duration('minGap')}
        </div>
        <Field {...control('blacklist')}>
          <textarea
            {...described(control('blacklist'))}
            ref={control('blacklist').register}
            className={`${forms.input} ${forms.textarea} ${own.textarea}`}
            rows={3}
            spellCheck={false}
            value={draft.blacklist}
            onChange={(event) => set('blacklist', event.target.value)}
            data-testid="rules-blacklist-input"
          />
        </Field>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.rules.sections.who')}</legend>
        <Choices
          name={`${id}-open`}
          legend={t('admin.settings.rules.fields.open')}
          value={draft.open ? 'open' : 'closed'}
          options={(['open', 'closed'] as const).map((value) => ({
            value,
            label: t(`admin.settings.rules.open.${value}`),
            help: t(`admin.settings.rules.open.${value}Help`),
          }))}
          onChange={(value) => set('open', value === 'open')}
          register={choiceRegister('open')}
          testId="rules-open"
        />
        <Choices
          name={`${id}-loginProfile`}
          legend={t('admin.settings.rules.fields.loginProfile')}
          value={draft.loginProfile}
          options={(['Account', 'Fiche'] as const).map((value) => ({
            value,
            label: t(`admin.settings.rules.loginProfile.${value}`),
            help: t(`admin.settings.rules.loginProfile.${value}Help`),
          }))}
          onChange={(value) => set('loginProfile', value)}
          register={choiceRegister('loginProfile')}
          testId="rules-loginProfile"
        />
        <Toggle {...control('openData')} checked={draft.openData} onChange={(on) => set('openData', on)} />
        <Toggle
          {...control('allowComment')}
          checked={draft.allowComment}
          onChange={(on) => set('allowComment', on)}
        />
      </fieldset>

      <SaveBar {...form.saveBar} />
    </form>
  );
}
