/**
 * The contact form's extra fields over the configuration document (docs/group-configuration.md
 * "`forms`"): the fields asked on the person's record (`forms.fiche`) and on each appointment
 * (`forms.vevent`), in order — label, name, type, required, description, and the options of the
 * type (lengths and rows for a text, choices for a list). Read as typed strings, written back into
 * a copy of the document with every other part untouched: a field keeps what the form does not
 * show (translations, default value, birth date, a linked list's sub-choices) and only the values
 * the owner changed are written, so a draft nobody edited gives the document back exactly. The
 * checks are in form-fields-checks.ts.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { type Json, listOf, objectOr, textOf } from './document-json.ts';

export const FORM_NAMES = ['fiche', 'vevent'] as const;
export type FormName = (typeof FORM_NAMES)[number];

export const FIELD_TYPES = [
  'text',
  'integer',
  'email',
  'boolean',
  'select',
  'radio',
  'linkedcombo',
  'datesplit',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type NumberOption = 'minLength' | 'maxLength' | 'rows';
export type FlagOption = 'allowAny' | 'addEmptyChoice';
export type FieldOption = NumberOption | FlagOption | 'choices';

/** The options each type uses (the booking pages' DynamicForm and validation/form-fields.ts). */
export const OPTIONS_OF: Record<FieldType, readonly FieldOption[]> = {
  text: ['minLength', 'maxLength', 'rows'],
  integer: [],
  email: [],
  boolean: [],
  select: ['choices', 'addEmptyChoice'],
  radio: ['choices', 'allowAny'],
  linkedcombo: ['choices'],
  datesplit: [],
};
const NUMBER_OPTIONS: readonly NumberOption[] = ['minLength', 'maxLength', 'rows'];
const FLAG_OPTIONS: readonly FlagOption[] = ['allowAny', 'addEmptyChoice'];

export const usesOption = (type: FieldType, option: FieldOption) => OPTIONS_OF[type].includes(option);

export interface ChoiceDraft {
  /** Stable while the form lives: React's key and the focus's. */
  key: string;
  value: string;
  label: string;
  /** Its place in the document's choices; null for a new one. */
  from: number | null;
}

export interface FieldDraft {
  key: string;
  /** Its place in the document's list; null for a new one. */
  from: number | null;
  name: string;
  /** A new field's name follows its label until the owner types a name. */
  autoName: boolean;
  label: string;
  type: FieldType;
  required: boolean;
  description: string;
  minLength: string;
  maxLength: string;
  rows: string;
  choices: ChoiceDraft[];
  allowAny: boolean;
  addEmptyChoice: boolean;
}

export type FormFieldsDraft = Record<FormName, FieldDraft[]>;

const isType = (value: unknown): value is FieldType => FIELD_TYPES.includes(value as FieldType);
const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : '');

function fieldDraftOf(field: Json, key: string, from: number | null): FieldDraft {
  return {
    key,
    from,
    name: textOf(field.name),
    autoName: false,
    label: textOf(field.label),
    type: isType(field.type) ? field.type : 'text',
    required: field.required === true,
    description: textOf(field.description),
    minLength: numberText(field.minLength),
    maxLength: numberText(field.maxLength),
    rows: numberText(field.rows),
    choices: listOf(field.choices).map((choice, index) => ({
      key: `c${index}`,
      value: textOf(choice.value),
      label: textOf(choice.label),
      from: index,
    })),
    allowAny: field.allowAny === true,
    addEmptyChoice: field.addEmptyChoice === true,
  };
}

const formsOf = (document: ConfigurationDocument) => objectOr(document.forms) ?? {};

export function draftOf(document: ConfigurationDocument): FormFieldsDraft {
  const forms = formsOf(document);
  const listDraft = (list: FormName) =>
    listOf(forms[list]).map((field, index) => fieldDraftOf(field, `f${index}`, index));
  return { fiche: listDraft('fiche'), vevent: listDraft('vevent') };
}

/** A key none of these items has: `${prefix}` and the next free number. */
export function freshKey(items: readonly { key: string }[], prefix: string): string {
  const used = new Set(items.map((item) => item.key));
  let n = items.length;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/**
 * The name a label suggests: lower-case ASCII letters, digits and _, starting with a letter, 64
 * characters at most, and not one of `taken` (a number is added).
 */
export function nameFromLabel(label: string, taken: readonly string[]): string {
  const base = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  if (!base) return '';
  let name = base;
  for (let n = 2; taken.includes(name); n += 1) name = `${base}_${n}`;
  return name;
}

export function newField(list: readonly FieldDraft[]): FieldDraft {
  return {
    key: freshKey(list, 'n'),
    from: null,
    name: '',
    autoName: true,
    label: '',
    type: 'text',
    required: false,
    description: '',
    minLength: '',
    maxLength: '',
    rows: '',
    choices: [],
    allowAny: false,
    addEmptyChoice: false,
  };
}

/** The field with this change; a new label renames a field whose name follows it. */
export function fieldWithChange(
  list: readonly FieldDraft[],
  field: FieldDraft,
  change: Partial<FieldDraft>,
): FieldDraft {
  const next = { ...field, ...change };
  if ('name' in change) next.autoName = false;
  else if ('label' in change && field.autoName) {
    const taken = list.filter((other) => other.key !== field.key).map((other) => other.name.trim());
    next.name = nameFromLabel(next.label, taken);
  }
  // A list needs a choice to offer: a field turned into one starts with an empty choice to fill in.
  if ('type' in change && usesOption(next.type, 'choices') && next.choices.length === 0)
    next.choices = [newChoice(next.choices)];
  return next;
}

export const newChoice = (choices: readonly ChoiceDraft[]): ChoiceDraft => ({
  key: freshKey(choices, 'n'),
  value: '',
  label: '',
  from: null,
});

/** Moves the item at `index` by `delta` places, within the list. */
export function moved<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** A number option as the document stores it: undefined when left empty. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const choiceShape = (choices: readonly ChoiceDraft[]) =>
  JSON.stringify(choices.map((choice) => [choice.value, choice.label, choice.from]));

function choicesWith(before: unknown, choices: readonly ChoiceDraft[]): Json[] {
  const kept = listOf(before);
  return choices.map((choice) => ({
    ...(choice.from === null ? {} : kept[choice.from]),
    value: choice.value.trim(),
    label: choice.label.trim(),
  }));
}

/**
 * One field as the document will hold it: what the owner changed written over the field read; a
 * field whose type changed loses the options its new type does not use. Call it on a field
 * without local problems.
 */
function fieldWith(original: Json | undefined, field: FieldDraft): Json {
  const read = original ? fieldDraftOf(original, field.key, field.from) : undefined;
  const next: Json = { ...(original ?? {}) };
  const changed = <K extends keyof FieldDraft>(key: K) => !read || read[key] !== field[key];
  if (changed('name')) next.name = field.name.trim();
  if (changed('type')) next.type = field.type;
  if (changed('label')) next.label = field.label.trim();
  if (changed('required') && (read || field.required)) next.required = field.required;
  if (changed('description') && (read || field.description.trim()))
    next.description = field.description.trim() || null;
  const typeChanged = changed('type');
  for (const option of [...NUMBER_OPTIONS, ...FLAG_OPTIONS, 'choices'] as const) {
    if (!usesOption(field.type, option)) {
      if (read && typeChanged) delete next[option];
      continue;
    }
    if (option === 'choices') {
      if (!read || typeChanged || choiceShape(read.choices) !== choiceShape(field.choices))
        next.choices = choicesWith(original?.choices, field.choices);
    } else if (option === 'allowAny' || option === 'addEmptyChoice') {
      if ((!read || typeChanged || changed(option)) && (field[option] || option in next))
        next[option] = field[option];
    } else if (!read || typeChanged || changed(option)) {
      const value = numberOf(field[option]);
      if (value === undefined) delete next[option];
      else next[option] = value;
    }
  }
  return next;
}

/** The whole document with the draft's two lists written in; nothing else is touched. */
export function documentWith(document: ConfigurationDocument, draft: FormFieldsDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const forms: Json = { ...formsOf(copy) };
  for (const list of FORM_NAMES) {
    if (draft[list].length === 0 && !Array.isArray(forms[list])) continue;
    const before = listOf(forms[list]);
    forms[list] = draft[list].map((field) =>
      fieldWith(field.from === null ? undefined : before[field.from], field),
    );
  }
  if (copy.forms !== undefined || Object.keys(forms).length > 0) copy.forms = forms;
  return copy;
}
