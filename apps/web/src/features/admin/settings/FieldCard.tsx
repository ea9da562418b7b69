/**
 * One field of the contact form's fields tab: its label, name (the key its answers are stored
 * under), type, whether an answer is required, its help text and the options of its type; moved up
 * or down by buttons that keep the focus, and removed.
 */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { FieldOptions } from './FieldOptions.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import { FormFieldInput } from './FormFieldInput.tsx';
import own from './form-fields.module.css';
import { FIELD_TYPES, type FieldDraft, type FieldType, type FormName } from './form-fields-draft.ts';
import { RemoveAction } from './RemoveAction.tsx';
import { Toggle } from './RuleControls.tsx';
import settings from './settings.module.css';

/** The record's own columns (docs/group-configuration.md "`forms`"): renaming one empties it. */
const STANDARD_NAMES: readonly string[] = ['firstname', 'lastname', 'email', 'firstphone'];

export interface FieldCardProps {
  list: FormName;
  field: FieldDraft;
  first: boolean;
  last: boolean;
  onChange: (change: Partial<FieldDraft>, part: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** The problem of a part of this field ("name", "choice:c1:value") in words; null when none. */
  problemOf: (part: string) => string | null;
  register: (key: string) => (element: HTMLElement | null) => void;
  focusNext: { current: string | null };
}

export function FieldCard({
  list,
  field,
  first,
  last,
  onChange,
  onMove,
  onRemove,
  problemOf,
  register,
  focusNext,
}: FieldCardProps) {
  const { t } = usePart('admin');
  const id = useId();
  const prefix = `${list}:${field.key}`;
  const title = field.label.trim() || t('admin.settings.formFields.newField');
  const text = (part: 'label' | 'name' | 'description', help?: string) => (
    <FormFieldInput
      id={`${id}-${part}`}
      label={t(`admin.settings.formFields.fields.${part}`)}
      help={help}
      value={field[part]}
      onChange={(value) => onChange({ [part]: value }, part)}
      problem={problemOf(part)}
      register={register(`${prefix}:${part}`)}
      testId={`form-${part}`}
      multiline={part === 'description'}
      maxLength={part === 'description' ? 2000 : undefined}
      className={part === 'description' ? own.spanAll : undefined}
    />
  );
  const moveButton = (delta: -1 | 1) => {
    const edge = delta < 0 ? first : last;
    const way = delta < 0 ? 'up' : 'down';
    const label = t(`admin.settings.formFields.${way}`, { field: title });
    return (
      <button
        type="button"
        className={buttonClass({ variant: 'ghost', size: 's', iconOnly: true })}
        aria-label={label}
        title={label}
        aria-disabled={edge || undefined}
        onClick={() => {
          if (!edge) onMove(delta);
        }}
        ref={register(`${prefix}:${way}`)}
        data-testid={`form-field-${way}`}
      >
        <Icon name="chevronDown" size={18} style={delta < 0 ? { transform: 'rotate(180deg)' } : undefined} />
      </button>
    );
  };
  const typeProblem = problemOf('type');
  const standard = list === 'fiche' && STANDARD_NAMES.includes(field.name.trim());

  return (
    <li className={settings.itemRow} data-testid="form-field" data-field={field.name}>
      <fieldset className={settings.itemFields} aria-labelledby={`${id}-title`}>
        <div className={own.head}>
          <h3 id={`${id}-title`} className={`${settings.itemLegend} ${own.title}`}>
            {title}
            {field.from === null && (
              <span className={settings.mainTag}>{t('admin.settings.catalogue.new')}</span>
            )}
          </h3>
          <div className={own.moves}>
            {moveButton(-1)}
            {moveButton(1)}
          </div>
        </div>
        <div className={own.grid}>
          {text('label')}
          {text(
            'name',
            t(standard ? 'admin.settings.formFields.help.standard' : 'admin.settings.formFields.help.name'),
          )}
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-type`}>
              {t('admin.settings.formFields.fields.type')}
            </label>
            <select
              id={`${id}-type`}
              className={forms.input}
              value={field.type}
              onChange={(event) => onChange({ type: event.target.value as FieldType }, 'type')}
              ref={register(`${prefix}:type`)}
              aria-invalid={typeProblem ? true : undefined}
              aria-describedby={typeProblem ? `${id}-type-error` : undefined}
              data-testid="form-type"
            >
              {FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.settings.formFields.types.${type}`)}
                </option>
              ))}
            </select>
            {typeProblem && <FieldProblem id={`${id}-type-error`}>{typeProblem}</FieldProblem>}
          </div>
          {text('description')}
        </div>
        <FieldOptions
          id={id}
          prefix={prefix}
          field={field}
          onChange={onChange}
          problemOf={problemOf}
          register={register}
          focusNext={focusNext}
        >
          <Toggle
            id={`${id}-required`}
            label={t('admin.settings.formFields.fields.required')}
            help={t(
              field.type === 'boolean'
                ? 'admin.settings.formFields.help.requiredBoolean'
                : 'admin.settings.formFields.help.required',
            )}
            problem={null}
            testId="form-required"
            register={register(`${prefix}:required`)}
            checked={field.required}
            onChange={(required) => onChange({ required }, 'required')}
          />
        </FieldOptions>
        <RemoveAction
          label={t('admin.settings.formFields.remove', { field: title })}
          blockedBy={null}
          onRemove={onRemove}
          testId="form-field-remove"
        />
      </fieldset>
    </li>
  );
}
