/**
 * One list of the contact form's fields tab — the fields asked on the person's record, or on each
 * appointment — in the order customers see them, with the button that adds one at the end.
 */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { FieldCard } from './FieldCard.tsx';
import type { FieldDraft, FormName } from './form-fields-draft.ts';
import settings from './settings.module.css';

export interface FieldSectionProps {
  list: FormName;
  fields: FieldDraft[];
  onChange: (key: string, change: Partial<FieldDraft>, part: string) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onRemove: (key: string) => void;
  onAdd: () => void;
  /** The problem of a control ("fiche:f2:name") in words; null when none. */
  problemOf: (field: string) => string | null;
  register: (key: string) => (element: HTMLElement | null) => void;
  focusNext: { current: string | null };
}

export function FieldSection({
  list,
  fields,
  onChange,
  onMove,
  onRemove,
  onAdd,
  problemOf,
  register,
  focusNext,
}: FieldSectionProps) {
  const { t } = usePart('admin');
  const id = useId();
  return (
    <section className={settings.category} aria-labelledby={`${id}-title`} data-testid={`form-list-${list}`}>
      <div>
        <h2 id={`${id}-title`} className={settings.categoryTitle}>
          {t(`admin.settings.formFields.lists.${list}`)}
        </h2>
        <p className={settings.hint}>{t(`admin.settings.formFields.lists.${list}Hint`)}</p>
      </div>
      {fields.length > 0 ? (
        <ol className={settings.items}>
          {fields.map((field, index) => (
            <FieldCard
              key={field.key}
              list={list}
              field={field}
              first={index === 0}
              last={index === fields.length - 1}
              onChange={(change, part) => onChange(field.key, change, part)}
              onMove={(delta) => onMove(index, delta)}
              onRemove={() => onRemove(field.key)}
              problemOf={(part) => problemOf(`${list}:${field.key}:${part}`)}
              register={register}
              focusNext={focusNext}
            />
          ))}
        </ol>
      ) : (
        <p className={settings.hint}>{t(`admin.settings.formFields.lists.${list}None`)}</p>
      )}
      <div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 's' })}
          onClick={onAdd}
          ref={register(`add:${list}`)}
          data-testid={`form-add-${list}`}
        >
          <Icon name="list" size={16} />
          {t(`admin.settings.formFields.add.${list}`)}
        </button>
      </div>
    </section>
  );
}
