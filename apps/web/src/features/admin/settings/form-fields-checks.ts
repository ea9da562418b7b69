/**
 * The contact form's fields checked in the browser by the rules of the configuration format
 * (docs/group-configuration.md "`forms`", checked again by the server), and the server's problem
 * paths ("$.forms.fiche[2].name: …") brought back to the field they name.
 */
import {
  type FieldDraft,
  FORM_NAMES,
  type FormFieldsDraft,
  type FormName,
  usesOption,
} from './form-fields-draft.ts';
import { sortProblemsBy } from './server-problems.ts';

/** The controls of a field that a problem can name. */
export type FieldPart =
  | 'name'
  | 'label'
  | 'type'
  | 'description'
  | 'minLength'
  | 'maxLength'
  | 'rows'
  | 'choices'
  | `choice:${string}:value`
  | `choice:${string}:label`;

/** A control of the form: "vevent:f2:name", "fiche:n4:choice:c1:value". */
export type FormFieldId = `${FormName}:${string}:${FieldPart}`;

/** Why a value is refused: the key of its message under admin.settings.formFields.errors. */
export type FormFieldReason =
  | 'nameMissing'
  | 'nameFormat'
  | 'nameTaken'
  | 'label'
  | 'description'
  | 'minLength'
  | 'maxLength'
  | 'maxBelowMin'
  | 'rows'
  | 'choicesNone'
  | 'choiceValue'
  | 'choiceTaken'
  | 'choiceLabel'
  | 'server';

export interface FormFieldProblem {
  field: FormFieldId;
  reason: FormFieldReason;
}

export const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const LENGTH_LIMIT = 10_000;
export const ROWS_LIMIT = 20;

/** A whole number typed for an option, within its bounds; NaN when it is not one. */
export function wholeNumber(text: string, min: number, max: number): number {
  const trimmed = text.trim();
  const value = /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return value >= min && value <= max ? value : Number.NaN;
}

const badNumber = (text: string, min: number, max: number) =>
  text.trim() !== '' && Number.isNaN(wholeNumber(text, min, max));

function fieldProblems(list: FormName, field: FieldDraft, earlier: readonly FieldDraft[]) {
  const found: FormFieldProblem[] = [];
  const add = (part: FieldPart, reason: FormFieldReason) =>
    found.push({ field: `${list}:${field.key}:${part}`, reason });
  const name = field.name.trim();
  if (name === '') add('name', 'nameMissing');
  else if (!NAME_PATTERN.test(name) || name.length > 64) add('name', 'nameFormat');
  else if (earlier.some((other) => other.name.trim() === name)) add('name', 'nameTaken');
  const label = field.label.trim();
  if (label === '' || label.length > 255) add('label', 'label');
  if (field.description.trim().length > 2000) add('description', 'description');
  if (usesOption(field.type, 'minLength') && badNumber(field.minLength, 0, LENGTH_LIMIT))
    add('minLength', 'minLength');
  if (usesOption(field.type, 'maxLength')) {
    const min = wholeNumber(field.minLength, 0, LENGTH_LIMIT);
    const max = wholeNumber(field.maxLength, 1, LENGTH_LIMIT);
    if (badNumber(field.maxLength, 1, LENGTH_LIMIT)) add('maxLength', 'maxLength');
    else if (max < min) add('maxLength', 'maxBelowMin');
  }
  if (usesOption(field.type, 'rows') && badNumber(field.rows, 1, ROWS_LIMIT)) add('rows', 'rows');
  if (usesOption(field.type, 'choices')) {
    if (field.choices.length === 0) add('choices', 'choicesNone');
    const values: string[] = [];
    for (const choice of field.choices) {
      const value = choice.value.trim();
      if (value === '' || value.length > 255) add(`choice:${choice.key}:value`, 'choiceValue');
      else if (values.includes(value)) add(`choice:${choice.key}:value`, 'choiceTaken');
      values.push(value);
      const label = choice.label.trim();
      if (label === '' || label.length > 255) add(`choice:${choice.key}:label`, 'choiceLabel');
    }
  }
  return found;
}

/** The checks the browser can make for sure, in the form's order; the server checks again. */
export function localProblems(draft: FormFieldsDraft): FormFieldProblem[] {
  return FORM_NAMES.flatMap((list) =>
    draft[list].flatMap((field, index) => fieldProblems(list, field, draft[list].slice(0, index))),
  );
}

const SHOWN: readonly string[] = ['name', 'label', 'type', 'description', 'minLength', 'maxLength', 'rows'];

/** The server's rule in the form's words, when the form has them. */
function reasonOf(rule: string): FormFieldReason {
  if (rule.startsWith('duplicate field')) return 'nameTaken';
  if (rule.startsWith('duplicate choice')) return 'choiceTaken';
  if (rule.startsWith('maxLength must not be below')) return 'maxBelowMin';
  return 'server';
}

/**
 * The control a problem path names, in the draft that was sent (its lists were written in the
 * draft's order, and a list's choices in theirs); null for a path the form does not show.
 */
export function problemOfPath(draft: FormFieldsDraft, path: string, rule: string): FormFieldProblem | null {
  const bare = path.startsWith('$.') ? path.slice(2) : path;
  const match = /^forms\.(fiche|vevent)\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?(?:\.(\w+))?$/.exec(bare);
  if (!match) return null;
  const [, list, index, property = 'name', choiceIndex, choicePart] = match;
  const field = draft[list as FormName][Number(index)];
  if (!field) return null;
  const id = (part: FieldPart): FormFieldId => `${list as FormName}:${field.key}:${part}`;
  const reason = reasonOf(rule);
  if (property === 'choices' && usesOption(field.type, 'choices')) {
    const choice = choiceIndex === undefined ? undefined : field.choices[Number(choiceIndex)];
    if (!choice) return { field: id('choices'), reason };
    return { field: id(`choice:${choice.key}:${choicePart === 'label' ? 'label' : 'value'}`), reason };
  }
  return SHOWN.includes(property) ? { field: id(property as FieldPart), reason } : null;
}

export interface SortedProblems {
  fields: FormFieldProblem[];
  other: string[];
}

/** Splits a 422's `problems` into the form's controls and the rest, as written. */
export function sortProblems(draft: FormFieldsDraft, problems: readonly string[]): SortedProblems {
  return sortProblemsBy(problems, (path, message) => problemOfPath(draft, path, message) ?? undefined, {
    sameField: (a, b) => a.field === b.field,
  });
}
