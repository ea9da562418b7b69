/**
 * The booking rules form over the configuration document (docs/group-configuration.md "Booking
 * rules (`rules`)", `maxrdv_period` and "Who may do what"): the notices, the booking horizon, the
 * limits per customer and who may book, read from the document with durations in hours and days,
 * written back in minutes into a copy with every other part untouched, checked in the browser with
 * the schema's bounds, and the server's problem paths brought back to the field they name.
 */
import { MAX_BOOKING_PERIOD_MINUTES } from '@creneau/core/group-config/group-config.schema';
import { isValidEmail } from '@creneau/core/validation/email';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import {
  type DurationDraft,
  type DurationProblem,
  type DurationUnit,
  durationDraft,
  durationProblem,
  minutesOf,
} from './duration-draft.ts';
import { sortProblemsBy, withoutRoot } from './server-problems.ts';

export const DURATION_FIELDS = ['minNotice', 'modifyNotice', 'cancelNotice', 'horizon', 'minGap'] as const;
export type DurationField = (typeof DURATION_FIELDS)[number];

export const RULE_FIELDS = [
  ...DURATION_FIELDS,
  'maxFuture',
  'blacklist',
  'open',
  'openData',
  'loginProfile',
  'allowComment',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** Each duration: where it is stored, its bounds in minutes (the schema's), the units it offers. */
export const DURATIONS: Record<
  DurationField,
  { path: string; min: number; max: number; units: readonly DurationUnit[]; fallback: number }
> = {
  minNotice: {
    path: 'settings.rules.min_notice_minutes',
    min: 0,
    max: 86_400,
    units: ['minutes', 'hours', 'days'],
    fallback: 60,
  },
  modifyNotice: {
    path: 'settings.rules.modify_notice_minutes',
    min: 0,
    max: 86_400,
    units: ['minutes', 'hours', 'days'],
    fallback: 1440,
  },
  cancelNotice: {
    path: 'settings.rules.cancel_notice_minutes',
    min: 0,
    max: 86_400,
    units: ['minutes', 'hours', 'days'],
    fallback: 1440,
  },
  horizon: {
    path: 'settings.maxrdv_period',
    min: 60,
    max: MAX_BOOKING_PERIOD_MINUTES,
    units: ['hours', 'days', 'weeks'],
    fallback: 129_600,
  },
  minGap: {
    path: 'settings.rules.mintime_between_minutes',
    min: 0,
    max: 86_400,
    units: ['minutes', 'hours', 'days'],
    fallback: 0,
  },
};

export const MAX_FUTURE_LIMIT = 1000;

export interface RulesDraft {
  minNotice: DurationDraft;
  modifyNotice: DurationDraft;
  cancelNotice: DurationDraft;
  horizon: DurationDraft;
  minGap: DurationDraft;
  /** Future appointments per customer; '' is no limit. */
  maxFuture: string;
  /** One address a line. */
  blacklist: string;
  open: boolean;
  openData: boolean;
  loginProfile: 'Account' | 'Fiche';
  allowComment: boolean;
  /** The longest horizon a calendar sets for itself, in minutes (0: none); shown, not edited. */
  calendarHorizon: number;
}

export type RuleProblem = DurationProblem | 'count' | 'email' | 'noticeBeyondHorizon' | 'invalid';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const valueAt = (document: ConfigurationDocument, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => objectOr(node)?.[key], document);

export function draftOf(document: ConfigurationDocument): RulesDraft {
  const settings = objectOr(document.settings) ?? {};
  const rules = objectOr(settings.rules) ?? {};
  const duration = (field: DurationField) =>
    durationDraft(
      numberOr(valueAt(document, DURATIONS[field].path), DURATIONS[field].fallback),
      DURATIONS[field].units,
    );
  const blacklist = Array.isArray(rules.blacklist)
    ? rules.blacklist.filter((item) => typeof item === 'string')
    : [];
  return {
    minNotice: duration('minNotice'),
    modifyNotice: duration('modifyNotice'),
    cancelNotice: duration('cancelNotice'),
    horizon: duration('horizon'),
    minGap: duration('minGap'),
    maxFuture: typeof rules.max_future_appointments === 'number' ? String(rules.max_future_appointments) : '',
    blacklist: blacklist.join('\n'),
    open: settings.open !== false,
    openData: settings.openData !== false,
    loginProfile: settings.loginProfile === 'Fiche' ? 'Fiche' : 'Account',
    allowComment: settings.user_allow_comment !== false,
    calendarHorizon: Math.max(
      0,
      ...(Array.isArray(document.calendars) ? document.calendars : [])
        .map((calendar) => objectOr(calendar))
        .filter((calendar) => calendar && calendar.deleted !== true)
        .map((calendar) => numberOr(calendar?.maxrdv_period, 0)),
    ),
  };
}

/** The addresses of the blacklist box, one a line, blank lines left out. */
export const blacklistOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The number of future appointments a valid draft allows; null for no limit, NaN when unreadable. */
export function maxFutureOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The whole document with the draft's rules written in; nothing else is touched. */
export function documentWith(document: ConfigurationDocument, draft: RulesDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const settings: Json = { ...(objectOr(copy.settings) ?? {}) };
  const rules: Json = { ...(objectOr(settings.rules) ?? {}) };
  rules.min_notice_minutes = minutesOf(draft.minNotice);
  rules.modify_notice_minutes = minutesOf(draft.modifyNotice);
  rules.cancel_notice_minutes = minutesOf(draft.cancelNotice);
  rules.mintime_between_minutes = minutesOf(draft.minGap);
  rules.max_future_appointments = maxFutureOf(draft.maxFuture);
  rules.blacklist = blacklistOf(draft.blacklist);
  settings.rules = rules;
  settings.maxrdv_period = minutesOf(draft.horizon);
  settings.open = draft.open;
  settings.openData = draft.openData;
  settings.loginProfile = draft.loginProfile;
  settings.user_allow_comment = draft.allowComment;
  copy.settings = settings;
  return copy;
}

/** The checks the browser can make for sure, by field, in the form's order; the server checks again. */
export function localProblems(draft: RulesDraft): Map<RuleField, RuleProblem> {
  const problems = new Map<RuleField, RuleProblem>();
  for (const field of DURATION_FIELDS) {
    const { min, max } = DURATIONS[field];
    const problem = durationProblem(draft[field], min, max);
    if (problem) problems.set(field, problem);
  }
  if (
    !problems.has('minNotice') &&
    !problems.has('horizon') &&
    minutesOf(draft.minNotice) >= Math.max(minutesOf(draft.horizon), draft.calendarHorizon)
  )
    problems.set('minNotice', 'noticeBeyondHorizon');
  const future = maxFutureOf(draft.maxFuture);
  if (future !== null && !(future >= 1 && future <= MAX_FUTURE_LIMIT)) problems.set('maxFuture', 'count');
  if (!blacklistOf(draft.blacklist).every(isValidEmail)) problems.set('blacklist', 'email');
  return new Map(
    RULE_FIELDS.filter((field) => problems.has(field)).map((field) => [
      field,
      problems.get(field) as RuleProblem,
    ]),
  );
}

/** Each path of the document the form edits, and the field that shows it. */
const PATH_FIELDS: readonly [string, RuleField][] = [
  ...DURATION_FIELDS.map((field): [string, RuleField] => [DURATIONS[field].path, field]),
  ['settings.rules.max_future_appointments', 'maxFuture'],
  ['settings.rules.blacklist', 'blacklist'],
  ['settings.open', 'open'],
  ['settings.openData', 'openData'],
  ['settings.loginProfile', 'loginProfile'],
  ['settings.user_allow_comment', 'allowComment'],
];

export interface SortedProblems {
  fields: Map<RuleField, RuleProblem>;
  /** Problems elsewhere in the document, as the server wrote them. */
  other: string[];
}

/** Splits a 422's `problems` ("$.settings.maxrdv_period: …") into the form's fields and the rest. */
export function sortProblems(problems: readonly string[]): SortedProblems {
  const { fields, other } = sortProblemsBy(
    problems,
    (path, _message, problem) => {
      const plain = withoutRoot(path);
      const match = PATH_FIELDS.find(([prefix]) => plain === prefix || plain.startsWith(`${prefix}[`));
      if (!match) return undefined;
      const kind: RuleProblem =
        match[1] === 'minNotice' && /horizon|maxrdv_period/.test(problem) ? 'noticeBeyondHorizon' : 'invalid';
      return [match[1], kind] as const;
    },
    { sameField: (a, b) => a[0] === b[0], rank: ([field]) => RULE_FIELDS.indexOf(field) },
  );
  return { fields: new Map(fields), other };
}
