/**
 * The reminders form (docs/group-configuration.md "Reminders to customers (`reminders`)",
 * docs/reminders.md): up to three lead times, each picked once from presets, and whether reminders
 * go by e-mail and by text message. The browser checks the schema's rules (reminders-draft.ts); the
 * server checks everything again and its problems come back on their fields. Adding a lead time
 * moves the focus to its choice; removing one, to the add button.
 */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { Problem, Toggle } from './RuleControls.tsx';
import own from './reminders.module.css';
import {
  choicesFor,
  documentWith,
  draftOf,
  freePresets,
  leadWords,
  localProblems,
  MAX_LEADS,
  type ReminderField,
  type RemindersDraft,
  sortProblems,
  withLeadAdded,
} from './reminders-draft.ts';
import rules from './rules.module.css';
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

export function RemindersForm(props: EditorFormProps) {
  const { t, i18n } = usePart('admin');
  const id = useId();
  const form = useEditorForm(props, 'whileMarked', {
    draftOf,
    documentWith,
    localProblems,
    sortProblems,
    // The lead times' problem is read at the first of them.
    focusOf: (field) => (field === 'leads' ? 'lead-0' : field),
  });
  const { draft, setDraft, register, focusNext } = form;

  const change = (next: (current: RemindersDraft) => RemindersDraft, fields: ReminderField[]) => {
    form.edited();
    setDraft(next);
    form.fixed(...fields);
  };
  const words = (minutes: number) => leadWords(minutes, i18n.language);
  const message = (field: ReminderField) => {
    const problem = form.problemOf(field);
    return problem ? t(`admin.settings.reminders.errors.${problem}`, { max: MAX_LEADS }) : null;
  };
  const leadsProblem = message('leads');
  const full = draft.leads.length >= MAX_LEADS || freePresets(draft.leads).length === 0;
  const toggle = (field: 'email' | 'sms') => ({
    id: `${id}-${field}`,
    label: t(`admin.settings.reminders.fields.${field}`),
    help: t(`admin.settings.reminders.help.${field}`),
    problem: message(field),
    testId: `reminders-${field}`,
    register: register(field),
  });

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="reminders-form"
    >
      <p className={styles.hint}>{t('admin.settings.reminders.intro')}</p>

      <fieldset
        className={styles.fieldset}
        aria-describedby={[leadsProblem ? `${id}-leads-error` : null, `${id}-leads-help`]
          .filter(Boolean)
          .join(' ')}
        data-testid="reminders-leads"
      >
        <legend className={styles.legend}>{t('admin.settings.reminders.sections.when')}</legend>
        <p id={`${id}-leads-help`} className={rules.help}>
          {t('admin.settings.reminders.help.leads', { max: MAX_LEADS })}
        </p>
        {draft.leads.length === 0 && (
          <p className={rules.note} data-testid="reminders-none">
            {t('admin.settings.reminders.none')}
          </p>
        )}
        <ol className={own.leads}>
          {draft.leads.map((lead, index) => {
            const label = t('admin.settings.reminders.lead', { number: index + 1 });
            return (
              // The rows are the lead times by position: a key by value would remount the select
              // being changed and drop the keyboard's focus.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className={own.lead} data-testid="reminders-lead">
                <label className={forms.label} htmlFor={`${id}-lead-${index}`}>
                  {label}
                </label>
                <div className={own.leadControls}>
                  <select
                    id={`${id}-lead-${index}`}
                    ref={register(`lead-${index}`)}
                    className={`${forms.input} ${own.select}`}
                    aria-invalid={leadsProblem ? true : undefined}
                    value={lead}
                    onChange={(event) => {
                      const value = Number(event.target.value);
                      change(
                        (current) => ({
                          ...current,
                          leads: current.leads.map((old, i) => (i === index ? value : old)),
                        }),
                        ['leads'],
                      );
                    }}
                    data-testid="reminders-lead-select"
                  >
                    {choicesFor(draft.leads, index).map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {t('admin.settings.reminders.before', { duration: words(minutes) })}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="ghost"
                    size="s"
                    onClick={() => {
                      focusNext.current = 'add';
                      change(
                        (current) => ({ ...current, leads: current.leads.filter((_, i) => i !== index) }),
                        ['leads'],
                      );
                    }}
                    data-testid="reminders-lead-remove"
                  >
                    <Icon name="close" size={16} />
                    {t('admin.settings.reminders.remove')}
                    {/* Which one, for a screen reader's list of buttons; the visible word starts the name. */}
                    <span className="visually-hidden"> {label}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <Problem id={`${id}-leads`} problem={leadsProblem} testId="reminders-leads" />
        <div className={styles.actions}>
          <Button
            ref={register('add')}
            variant="secondary"
            size="s"
            aria-disabled={full ? true : undefined}
            aria-describedby={full ? `${id}-full` : undefined}
            onClick={() => {
              if (full) return;
              focusNext.current = `lead-${draft.leads.length}`;
              change(withLeadAdded, ['leads']);
            }}
            data-testid="reminders-add"
          >
            <Icon name="clock" size={16} />
            {t('admin.settings.reminders.add')}
          </Button>
          {full && (
            <p id={`${id}-full`} className={styles.hint}>
              {t('admin.settings.reminders.full', { max: MAX_LEADS })}
            </p>
          )}
        </div>
        <p className={rules.note}>{t('admin.settings.reminders.wholeDays')}</p>
      </fieldset>

      <fieldset className={styles.fieldset} data-testid="reminders-channels">
        <legend className={styles.legend}>{t('admin.settings.reminders.sections.how')}</legend>
        <Toggle
          {...toggle('email')}
          checked={draft.email}
          onChange={(on) => change((current) => ({ ...current, email: on }), ['email'])}
        />
        <Toggle
          {...toggle('sms')}
          checked={draft.sms}
          onChange={(on) => change((current) => ({ ...current, sms: on }), ['sms'])}
        />
        {!draft.email && !draft.sms && (
          <p className={rules.note} data-testid="reminders-off">
            {t('admin.settings.reminders.off')}
          </p>
        )}
      </fieldset>

      <SaveBar {...form.saveBar} />
    </form>
  );
}
