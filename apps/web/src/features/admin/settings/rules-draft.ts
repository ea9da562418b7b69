/**
 * The booking rules form over the configuration document (docs/group-configuration.md "Booking
 * rules (`rules`)", "Scheduled release (`rules.release`)", `maxrdv_period` and "Who may do what"):
 * the notices, the booking horizon, the scheduled release, the limits per customer and who may book, read from the document with durations in hours and days,
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

/** The scheduled release's fields (docs/group-configuration.md "Scheduled release"). */
export const RELEASE_FIELDS = ['release', 'releaseDay', 'releaseTime', 'releaseMonths'] as const;

/** The schema's bounds of a release. */
export const RELEASE_LIMITS = { day: { min: 1, max: 28 }, months: { min: 1, max: 12 } } as const;

export const RULE_FIELDS = [
  ...DURATION_FIELDS,
  ...RELEASE_FIELDS,
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
  /** Whether months open on a schedule; the three fields below are kept while it is off. */
  release: boolean;
  /** Day of the month (1–28), wall-clock time "HH:MM", months ahead (1–12), as typed. */
  releaseDay: string;
  releaseTime: string;
  releaseMonths: string;
  /** The longest horizon a calendar sets for itself, in minutes (0: none); shown, not edited. */
  calendarHorizon: number;
}

export type RuleProblem =
  | DurationProblem
  | 'count'
  | 'email'
  | 'noticeBeyondHorizon'
  | 'dayOfMonth'
  | 'releaseTime'
  | 'monthsAhead'
  | 'invalid';

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
  const release = objectOr(rules.release);
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
    release: release !== null,
    releaseDay: String(numberOr(release?.day_of_month, 1)),
    releaseTime: typeof release?.time === 'string' ? release.time : '09:00',
    releaseMonths: String(numberOr(release?.months_ahead, 1)),
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

const WALL_CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A whole number typed in a box within bounds, else NaN. */
function wholeIn(text: string, { min, max }: { min: number; max: number }): number {
  const trimmed = text.trim();
  const value = /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return value >= min && value <= max ? value : Number.NaN;
}

/** The release a valid draft writes: null when off. */
export function releaseOf(draft: RulesDraft) {
  if (!draft.release) return null;
  return {
    day_of_month: wholeIn(draft.releaseDay, RELEASE_LIMITS.day),
    time: draft.releaseTime.trim(),
    months_ahead: wholeIn(draft.releaseMonths, RELEASE_LIMITS.months),
  };
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
  // Off and never set stays unset (the schema's default is null): an untouched form changes nothing.
  if (draft.release || 'release' in rules) rules.release = releaseOf(draft);
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
  const release = releaseOf(draft);
  if (release) {
    if (Number.isNaN(release.day_of_month)) problems.set('releaseDay', 'dayOfMonth');
    if (!WALL_CLOCK.test(release.time)) problems.set('releaseTime', 'releaseTime');
    if (Number.isNaN(release.months_ahead)) problems.set('releaseMonths', 'monthsAhead');
  }
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
  ['settings.rules.release.day_of_month', 'releaseDay'],
  ['settings.rules.release.time', 'releaseTime'],
  ['settings.rules.release.months_ahead', 'releaseMonths'],
  ['settings.rules.release', 'release'],
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
