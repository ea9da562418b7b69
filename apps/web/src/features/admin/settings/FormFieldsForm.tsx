/**
 * The contact form's fields tab (docs/group-configuration.md "`forms`", docs/back-office.md
 * "Settings"): the extra questions of the booking pages' contact step, asked on the person's record
 * and on each appointment — listed, added, edited, moved up or down and removed. The browser checks
 * the format's rules (form-fields-checks.ts); the whole document is saved with `based_on` the
 * version read (form-fields-draft.ts keeps every other part as it was) and the server's problems
 * come back on the field they name.
 */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { FieldSection } from './FieldSection.tsx';
import { type FormFieldId, localProblems, sortProblems } from './form-fields-checks.ts';
import {
  documentWith,
  draftOf,
  type FieldDraft,
  FORM_NAMES,
  type FormName,
  fieldWithChange,
  moved,
  newField,
} from './form-fields-draft.ts';
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

export function FormFieldsForm(props: EditorFormProps) {
  const { t } = usePart('admin');
  const form = useEditorForm(props, 'whileMarked', {
    draftOf,
    documentWith,
    localProblems,
    sortProblems: (problems, _sent, draft) => sortProblems(draft, problems),
  });
  const { draft, setDraft, register, focusNext } = form;

  const edit = (list: FormName, fields: FieldDraft[], cleared?: FormFieldId) => {
    form.edited();
    setDraft({ ...draft, [list]: fields });
    if (cleared) form.fixed(cleared);
  };
  const change = (list: FormName, key: string, update: Partial<FieldDraft>, part: string) => {
    const fields = draft[list];
    edit(
      list,
      fields.map((field) => (field.key === key ? fieldWithChange(fields, field, update) : field)),
      `${list}:${key}:${part}` as FormFieldId,
    );
  };
  const move = (list: FormName, index: number, delta: -1 | 1) => {
    const field = draft[list][index];
    if (!field) return;
    edit(list, moved(draft[list], index, delta));
    focusNext.current = `${list}:${field.key}:${delta < 0 ? 'up' : 'down'}`;
  };
  const remove = (list: FormName, key: string) => {
    edit(
      list,
      draft[list].filter((field) => field.key !== key),
    );
    // A field added later may take the key again: its problems go with it.
    form.forget(`${list}:${key}:`);
    focusNext.current = `add:${list}`;
  };
  const add = (list: FormName) => {
    const field = newField(draft[list]);
    edit(list, [...draft[list], field]);
    focusNext.current = `${list}:${field.key}:label`;
  };

  const problemOf = (field: string) => {
    const reason = form.problemOf(field as FormFieldId);
    return reason ? t(`admin.settings.formFields.errors.${reason}`) : null;
  };

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="form-fields-form"
    >
      <p className={styles.hint}>{t('admin.settings.formFields.intro')}</p>
      {FORM_NAMES.map((list) => (
        <FieldSection
          key={list}
          list={list}
          fields={draft[list]}
          onChange={(key, update, part) => change(list, key, update, part)}
          onMove={(index, delta) => move(list, index, delta)}
          onRemove={(key) => remove(list, key)}
          onAdd={() => add(list)}
          problemOf={problemOf}
          register={register}
          focusNext={focusNext}
        />
      ))}
      <SaveBar {...form.saveBar} />
    </form>
  );
}
