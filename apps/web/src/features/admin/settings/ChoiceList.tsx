/**
 * The choices of a list field (drop-down, choice buttons, linked lists) on the contact form's
 * fields tab: each with the label customers see and the value stored with the answer, added and
 * removed; the focus goes to the new choice's label, or to the add button after a removal.
 */
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import { FormFieldInput } from './FormFieldInput.tsx';
import own from './form-fields.module.css';
import { type ChoiceDraft, newChoice } from './form-fields-draft.ts';

export interface ChoiceListProps {
  /** The field's id prefix ("fiche:f2") for focus keys and problems. */
  prefix: string;
  id: string;
  choices: ChoiceDraft[];
  onChange: (choices: ChoiceDraft[], part: string) => void;
  /** The problem of a part ("choices", "choice:c1:value") in words; null when none. */
  problemOf: (part: string) => string | null;
  register: (key: string) => (element: HTMLElement | null) => void;
  focusNext: { current: string | null };
}

export function ChoiceList({
  prefix,
  id,
  choices,
  onChange,
  problemOf,
  register,
  focusNext,
}: ChoiceListProps) {
  const { t } = usePart('admin');
  const none = problemOf('choices');
  const change = (key: string, part: 'value' | 'label', text: string) =>
    onChange(
      choices.map((choice) => (choice.key === key ? { ...choice, [part]: text } : choice)),
      `choice:${key}:${part}`,
    );
  const add = () => {
    const added = newChoice(choices);
    onChange([...choices, added], 'choices');
    focusNext.current = `${prefix}:choice:${added.key}:label`;
  };
  const remove = (key: string) => {
    onChange(
      choices.filter((choice) => choice.key !== key),
      `choice:${key}:value`,
    );
    focusNext.current = `${prefix}:choices`;
  };
  return (
    <fieldset className={own.choices} aria-describedby={none ? `${id}-none` : undefined}>
      <legend className={forms.label}>{t('admin.settings.formFields.choices.legend')}</legend>
      {choices.length > 0 && (
        <ol className={own.choiceList}>
          {choices.map((choice, index) => {
            const number = index + 1;
            const input = (part: 'label' | 'value') => (
              <FormFieldInput
                id={`${id}-${choice.key}-${part}`}
                label={t(`admin.settings.formFields.choices.${part}`, { number })}
                value={choice[part]}
                onChange={(text) => change(choice.key, part, text)}
                problem={problemOf(`choice:${choice.key}:${part}`)}
                register={register(`${prefix}:choice:${choice.key}:${part}`)}
                testId={`form-choice-${part}`}
              />
            );
            const removeLabel = t('admin.settings.formFields.choices.remove', { number });
            return (
              <li key={choice.key} className={own.choice} data-testid="form-choice">
                {input('label')}
                {input('value')}
                <button
                  type="button"
                  className={buttonClass({ variant: 'ghost', size: 's', iconOnly: true }, own.choiceRemove)}
                  aria-label={removeLabel}
                  title={removeLabel}
                  onClick={() => remove(choice.key)}
                  data-testid="form-choice-remove"
                >
                  <Icon name="close" size={16} />
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {none && (
        <FieldProblem id={`${id}-none`} testId="form-choices-error">
          {none}
        </FieldProblem>
      )}
      <div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 's' })}
          onClick={add}
          ref={register(`${prefix}:choices`)}
          data-testid="form-choice-add"
        >
          <Icon name="list" size={16} />
          {t('admin.settings.formFields.choices.add')}
        </button>
      </div>
    </fieldset>
  );
}
