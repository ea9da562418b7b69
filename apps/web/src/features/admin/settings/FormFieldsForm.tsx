/**
 * The contact form's fields tab (docs/group-configuration.md "`forms`", docs/back-office.md
 * "Settings"): the extra questions of the booking pages' contact step, asked on the person's record
 * and on each appointment — listed, added, edited, moved up or down and removed. The browser checks
 * the format's rules (form-fields-checks.ts); the whole document is saved with `based_on` the
 * version read (form-fields-draft.ts keeps every other part as it was) and the server's problems
 * come back on the field they name.
 */
import { type FormEvent, useState } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar, useSaveFailure } from './ConfigurationEditor.tsx';
import { FieldSection } from './FieldSection.tsx';
import {
  type FormFieldId,
  type FormFieldProblem,
  type FormFieldReason,
  localProblems,
  sortProblems,
} from './form-fields-checks.ts';
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
import { sendDocument } from './send-document.ts';
import styles from './settings.module.css';
import { useFieldFocus } from './use-field-focus.ts';
import { useFormDraft } from './use-form-draft.ts';
import { useProblems } from './use-problems.ts';

export function FormFieldsForm({ version, document, save, onSaved, onEdit, onReload }: EditorFormProps) {
  const { t } = usePart('admin');
  const [draft, setDraft] = useFormDraft(document, draftOf, save);
  const [local, setLocal] = useState(false);
  const [reasons, setReasons] = useState<ReadonlyMap<string, FormFieldReason>>(new Map());
  const { register, focusNext } = useFieldFocus();
  const { invalid, others, show: showProblems, fixed, setInvalid } = useProblems<FormFieldId>(focusNext);

  const edit = (list: FormName, fields: FieldDraft[], cleared?: FormFieldId) => {
    onEdit();
    setDraft({ ...draft, [list]: fields });
    if (cleared) fixed(cleared);
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
    setInvalid((found) => found.filter((item) => !item.startsWith(`${list}:${key}:`)));
    focusNext.current = `add:${list}`;
  };
  const add = (list: FormName) => {
    const field = newField(draft[list]);
    edit(list, [...draft[list], field]);
    focusNext.current = `${list}:${field.key}:label`;
  };

  const show = (found: FormFieldProblem[], elsewhere: string[], browser: boolean) => {
    setReasons(new Map(found.map((problem) => [problem.field, problem.reason])));
    showProblems(
      found.map((problem) => problem.field),
      elsewhere,
    );
    setLocal(browser);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = localProblems(draft);
    if (found.length > 0) return show(found, [], true);
    show([], [], false);
    const sent = draft;
    sendDocument(save, documentWith(document, sent), version, onSaved, (problems) => {
      const sorted = sortProblems(sent, problems);
      show(sorted.fields, sorted.other, false);
    });
  };
  const failure = useSaveFailure(save, invalid.length > 0);
  const problemOf = (field: string) =>
    invalid.includes(field as FormFieldId)
      ? t(`admin.settings.formFields.errors.${reasons.get(field) ?? 'server'}`)
      : null;

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={submit}
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
      <SaveBar
        save={save}
        version={version}
        failure={failure}
        others={others}
        localMessage={local && invalid.length > 0 ? t('admin.settings.errors.invalidLocal') : null}
        onReload={onReload}
      />
    </form>
  );
}
