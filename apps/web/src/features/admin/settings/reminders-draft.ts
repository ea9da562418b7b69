/**
 * The reminders form over the configuration document (docs/group-configuration.md "Reminders to
 * customers (`reminders`)", docs/reminders.md): up to three lead times picked from presets, and
 * the channels. Read from `settings.reminders` with the schema's defaults, written back into a copy
 * with every other part untouched, checked in the browser with the schema's rules (15 minutes to a
 * week, at most three, each once), and the server's problem paths brought back to their field.
 */
import { MAX_REMINDER_LEAD_MINUTES } from '@creneau/core/booking/reminder-time';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { sortProblemsBy, withoutRoot } from './server-problems.ts';

/** The lead times offered, longest first: 1 week, 2 days, 1 day, 12 h, 3 h, 2 h, 1 h, 30 min. */
export const LEAD_PRESETS: readonly number[] = [10_080, 2880, 1440, 720, 180, 120, 60, 30];
export const MAX_LEADS = 3;
export const MIN_LEAD_MINUTES = 15;
export { MAX_REMINDER_LEAD_MINUTES };

/** The schema's defaults, for a document that has no `reminders` yet. */
const DEFAULTS = { lead_minutes: [1440, 120], email: true, sms: false } as const;

export const REMINDER_FIELDS = ['leads', 'email', 'sms'] as const;
export type ReminderField = (typeof REMINDER_FIELDS)[number];
export type ReminderProblem = 'tooMany' | 'twice' | 'range' | 'invalid';

export interface RemindersDraft {
  /** In the order the owner set them; written longest first. */
  leads: number[];
  email: boolean;
  sms: boolean;
}

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;

export function draftOf(document: ConfigurationDocument): RemindersDraft {
  const reminders = objectOr(objectOr(document.settings)?.reminders) ?? {};
  const leads = Array.isArray(reminders.lead_minutes)
    ? reminders.lead_minutes.filter((lead): lead is number => typeof lead === 'number')
    : [...DEFAULTS.lead_minutes];
  return {
    leads: [...leads].sort((a, b) => b - a),
    email: typeof reminders.email === 'boolean' ? reminders.email : DEFAULTS.email,
    sms: typeof reminders.sms === 'boolean' ? reminders.sms : DEFAULTS.sms,
  };
}

/** A draft as compared: the order of the lead times does not matter, they are written sorted. */
const sameDraft = (a: RemindersDraft, b: RemindersDraft) =>
  JSON.stringify([[...a.leads].sort((x, y) => y - x), a.email, a.sms]) ===
  JSON.stringify([[...b.leads].sort((x, y) => y - x), b.email, b.sms]);

/**
 * The whole document with the draft's reminders written in; nothing else is touched. A draft equal
 * to what was read leaves the document as it was (no `reminders` written where there was none).
 */
export function documentWith(document: ConfigurationDocument, draft: RemindersDraft): ConfigurationDocument {
  if (sameDraft(draft, draftOf(document))) return document;
  const copy = structuredClone(document) as Json;
  const settings: Json = { ...(objectOr(copy.settings) ?? {}) };
  settings.reminders = {
    ...(objectOr(settings.reminders) ?? {}),
    lead_minutes: [...draft.leads].sort((a, b) => b - a),
    email: draft.email,
    sms: draft.sms,
  };
  copy.settings = settings;
  return copy;
}

/** The lead times the next "add" may offer: the presets not taken yet. */
export const freePresets = (leads: readonly number[]): number[] =>
  LEAD_PRESETS.filter((preset) => !leads.includes(preset));

/** The choices of one row: the presets the other rows do not use, and its own value (kept when not a preset). */
export function choicesFor(leads: readonly number[], index: number): number[] {
  const own = leads[index];
  const others = leads.filter((_, i) => i !== index);
  const choices = LEAD_PRESETS.filter((preset) => !others.includes(preset));
  if (own !== undefined && !choices.includes(own)) choices.push(own);
  return choices.sort((a, b) => b - a);
}

/** The draft with one more lead time (the longest free preset); unchanged when full or none is free. */
export function withLeadAdded(draft: RemindersDraft): RemindersDraft {
  const next = freePresets(draft.leads)[0];
  if (draft.leads.length >= MAX_LEADS || next === undefined) return draft;
  return { ...draft, leads: [...draft.leads, next] };
}

/** The checks the browser can make for sure, by field, in the form's order; the server checks again. */
export function localProblems(draft: RemindersDraft): Map<ReminderField, ReminderProblem> {
  const problems = new Map<ReminderField, ReminderProblem>();
  if (draft.leads.length > MAX_LEADS) problems.set('leads', 'tooMany');
  else if (new Set(draft.leads).size !== draft.leads.length) problems.set('leads', 'twice');
  else if (
    draft.leads.some(
      (lead) => !Number.isInteger(lead) || lead < MIN_LEAD_MINUTES || lead > MAX_REMINDER_LEAD_MINUTES,
    )
  )
    problems.set('leads', 'range');
  return problems;
}

/** Each path of the document the form edits, and the field that shows it. */
const PATH_FIELDS: readonly [string, ReminderField][] = [
  ['settings.reminders.lead_minutes', 'leads'],
  ['settings.reminders.email', 'email'],
  ['settings.reminders.sms', 'sms'],
];

export interface SortedProblems {
  fields: Map<ReminderField, ReminderProblem>;
  /** Problems elsewhere in the document, as the server wrote them. */
  other: string[];
}

/** Splits a 422's `problems` ("$.settings.reminders.lead_minutes[0]: …") into the form's fields and the rest. */
export function sortProblems(problems: readonly string[]): SortedProblems {
  const { fields, other } = sortProblemsBy(
    problems,
    (path) => {
      const plain = withoutRoot(path);
      const match = PATH_FIELDS.find(([prefix]) => plain === prefix || plain.startsWith(`${prefix}[`));
      return match ? ([match[1], 'invalid'] as [ReminderField, ReminderProblem]) : undefined;
    },
    { sameField: (a, b) => a[0] === b[0], rank: ([field]) => REMINDER_FIELDS.indexOf(field) },
  );
  return { fields: new Map(fields), other };
}

/** A lead time in words in the page's language, in its largest whole unit ("1 week", "12 hours"). */
export function leadWords(minutes: number, language: string): string {
  const [unit, size] =
    minutes % 10_080 === 0
      ? (['week', 10_080] as const)
      : minutes % 1440 === 0
        ? (['day', 1440] as const)
        : minutes % 60 === 0
          ? (['hour', 60] as const)
          : (['minute', 1] as const);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(minutes / size);
}
