/**
 * One configuration change in plain words (docs/group-configuration.md "Changes"): the place it
 * names — the form's own label when it is a business detail, else its path — and the value before
 * and after, short enough for a line.
 */
import type { ConfigurationChange } from '../../../api/admin-settings.ts';
import { type BusinessField, fieldOfPath } from './business-draft.ts';

/** The words a value may need, in the page's language. */
export interface ValueWords {
  empty: string;
  yes: string;
  no: string;
}

const MAX_LENGTH = 120;

const shorten = (text: string) => (text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text);

/** A value as a person reads it: texts as they are, lists joined, objects compact. */
export function formatValue(value: unknown, words: ValueWords): string {
  if (value === undefined || value === null || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return shorten(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.length === 0 ? words.empty : shorten(value.map((item) => String(item)).join(', '));
  return shorten(JSON.stringify(value));
}

export interface ChangeLine {
  path: string;
  /** The business-details field the path is, to name it with the form's label. */
  field: BusinessField | null;
  kind: ConfigurationChange['kind'];
  before: string | null;
  after: string | null;
}

/** A change as the lists show it: an addition has no "before", a removal no "after". */
export function describeChange(change: ConfigurationChange, words: ValueWords): ChangeLine {
  return {
    path: change.path,
    field: fieldOfPath(change.path),
    kind: change.kind,
    before: change.kind === 'added' ? null : formatValue(change.before, words),
    after: change.kind === 'removed' ? null : formatValue(change.after, words),
  };
}
