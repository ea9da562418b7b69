/**
 * The options of a contact form field that depend on its type (form-fields-draft.ts OPTIONS_OF):
 * a text's lengths and lines, a list's choices, "Other" with free text for choice buttons and an
 * empty first option for a drop-down. The others are not shown; a linked list keeps its
 * sub-choices as the configuration file has them.
 */
import type { ReactNode } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { ChoiceList } from './ChoiceList.tsx';
import { FormFieldInput } from './FormFieldInput.tsx';
import own from './form-fields.module.css';
import { type FieldDraft, type FlagOption, type NumberOption, usesOption } from './form-fields-draft.ts';
import { Toggle } from './RuleControls.tsx';

export interface FieldOptionsProps {
  id: string;
  /** The field's id prefix ("fiche:f2"). */
  prefix: string;
  field: FieldDraft;
  onChange: (change: Partial<FieldDraft>, part: string) => void;
  problemOf: (part: string) => string | null;
  register: (key: string) => (element: HTMLElement | null) => void;
  focusNext: { current: string | null };
  /** The options every type has, first in the same grid (whether an answer is required). */
  children: ReactNode;
}

export function FieldOptions({
  id,
  prefix,
  field,
  onChange,
  problemOf,
  register,
  focusNext,
  children,
}: FieldOptionsProps) {
  const { t } = usePart('admin');
  const number = (option: NumberOption) =>
    usesOption(field.type, option) && (
      <FormFieldInput
        id={`${id}-${option}`}
        label={t(`admin.settings.formFields.fields.${option}`)}
        help={t(`admin.settings.formFields.help.${option}`)}
        value={field[option]}
        onChange={(text) => onChange({ [option]: text }, option)}
        problem={problemOf(option)}
        register={register(`${prefix}:${option}`)}
        testId={`form-${option}`}
        numeric
      />
    );
  const flag = (option: FlagOption) =>
    usesOption(field.type, option) && (
      <Toggle
        id={`${id}-${option}`}
        label={t(`admin.settings.formFields.fields.${option}`)}
        help={t(`admin.settings.formFields.help.${option}`)}
        problem={null}
        testId={`form-${option}`}
        register={register(`${prefix}:${option}`)}
        checked={field[option]}
        onChange={(on) => onChange({ [option]: on }, option)}
      />
    );
  return (
    <>
      <div className={own.options}>
        {children}
        {number('minLength')}
        {number('maxLength')}
        {number('rows')}
        {flag('allowAny')}
        {flag('addEmptyChoice')}
      </div>
      {usesOption(field.type, 'choices') && (
        <ChoiceList
          prefix={prefix}
          id={`${id}-choices`}
          choices={field.choices}
          onChange={(choices, part) => onChange({ choices }, part)}
          problemOf={problemOf}
          register={register}
          focusNext={focusNext}
        />
      )}
      {field.type === 'linkedcombo' && (
        <p className={own.help}>{t('admin.settings.formFields.help.linkedcombo')}</p>
      )}
    </>
  );
}
