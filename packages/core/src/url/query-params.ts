/**
 * Every query parameter the booking page recognises (docs/requirements/booking-flow.md §2 "Query parameters recognised", §3
 * "URL configuration", §5), parsed and validated in one place into a typed object. An invalid value
 * is dropped (the `date` parameter: replaced by today unless strict) and reported with its reason;
 * unknown parameters (utm_*, a host site's own) are ignored and listed. Nothing here throws.
 *
 * Value rules (details in param-values.ts):
 * - flags (freeze, nologo, noheader, nofooter, autoresize, return_button, list_rdv, from_mail):
 *   present without value, 1/true/yes/on, or 0/false/no/off;
 * - ids: 1…2147483647; calendar_id, resource_id and resource also take "0" = no choice;
 * - lists (…_ids): "1,2", repeated parameters, or "name[]=" (at most 20); one bad item drops the list;
 * - *_extern_id(s) are mapped to the internal name with `by: 'externid'` (docs/requirements/booking-flow.md §5); when both the
 *   id and the externid form are given, the id form wins and the other is reported;
 * - fiche, vevent: form values to prefill, as `fiche={"firstname":"Anne"}` (JSON) or
 *   `fiche[firstname]=Anne`;
 * - return_url, modify_url: absolute http(s) URLs only; styles: a theme name;
 * - first occurrence wins for single-valued parameters; later ones are reported.
 */
import { isLocale, type Locale } from '../locales.ts';
import { type DateParam, parseDateParam } from '../validation/date-param.ts';
import { isValidEmail, normalizeEmail } from '../validation/email.ts';
import { type ColorOverrides, parseColorsParam } from './colors.ts';
import {
  type PrefillValue,
  type Read,
  readExternId,
  readFlag,
  readHttpUrl,
  readId,
  readIdOrNone,
  readInteger,
  readLabel,
  readList,
  readPrefillEntry,
  readPrefillJson,
  readToken,
} from './param-values.ts';

/** A preselected choice: by database id, by externid (to verify and map), or "no choice" ("0"). */
export type Choice = { by: 'id'; ids: number[] } | { by: 'externid'; externids: string[] } | { by: 'none' };

export const PRESELECTION_NAMES = [
  'interventionset_ids',
  'intervention_ids',
  'pack_id',
  'calendarset_id',
  'calendar_id',
  'calendar_ids',
  'resource_id',
] as const;
export type PreselectionName = (typeof PRESELECTION_NAMES)[number];
export type Preselection = Partial<Record<PreselectionName, Choice>>;

export const FLAG_NAMES = [
  'freeze',
  'nologo',
  'noheader',
  'nofooter',
  'autoresize',
  'return_button',
  'list_rdv',
  'from_mail',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

export interface QueryParams extends Partial<Record<FlagName, boolean>> {
  key?: string;
  /** The start date (docs/requirements/booking-flow.md §5). */
  date?: DateParam;
  /** An e-mail to prefill (login, register), normalised. */
  email?: string;
  /** A slot to preselect, "YYYY-MM-DD hh:mm:ss" in the group's time zone. */
  slots?: DateParam & { time: string };
  fiche?: Record<string, PrefillValue>;
  vevent?: Record<string, PrefillValue>;
  colors?: ColorOverrides;
  /** A theme name. */
  styles?: string;
  locale?: Locale;
  take_apt?: number;
  oubliKey?: string;
  ficheKey?: string;
  veventKey?: string;
  websource?: string;
  cancel_apt?: number;
  update_apt?: number;
  export_apt?: number;
  modify_url?: string;
  return_url?: string;
  account_id?: number;
  temp_email?: string;
  validation_key?: string;
  max_multirdvs?: number;
  /** The home page's plain resource parameter (null: "0", no choice). */
  resource?: number | null;
  preselection: Preselection;
}

export interface DroppedParam {
  name: string;
  value: string;
  reason: string;
}

export interface ParsedQuery {
  params: QueryParams;
  /** Recognised parameters whose value was refused or replaced, with why. */
  dropped: DroppedParam[];
  /** Names of parameters this module does not know (left alone). */
  unrecognised: string[];
}

export interface QueryOptions {
  /** Today "YYYY-MM-DD" in the group's time zone: what an invalid date becomes. */
  today: string;
  /** Ignore an invalid date instead of replacing it by today. */
  strictDate?: boolean;
}

/** A query string, URLSearchParams, or an already-parsed query object (qs style: arrays, fiche objects). */
export type QueryInput = URLSearchParams | string | Readonly<Record<string, unknown>>;

/** Max simultaneous bookings the configuration format allows on a step. */
const MAX_MULTIRDVS = 10;

const TOKENS = ['key', 'oubliKey', 'ficheKey', 'veventKey', 'validation_key'] as const;
const APPOINTMENT_IDS = ['take_apt', 'cancel_apt', 'update_apt', 'export_apt'] as const;

/** [id name, externid name, list?]: the preselection parameters and their extern-id forms. */
const PRESELECTIONS: [PreselectionName, string | null, boolean][] = [
  ['interventionset_ids', 'interventionset_extern_ids', true],
  ['intervention_ids', 'intervention_extern_ids', true],
  ['pack_id', null, false],
  ['calendarset_id', 'calendarset_extern_id', false],
  ['calendar_id', 'calendar_extern_id', false],
  ['calendar_ids', null, true],
  ['resource_id', 'resource_extern_id', false],
];

const PREFILL = /^(fiche|vevent)\[([^\]]*)\]$/;

function entriesOf(input: QueryInput): [string, string][] {
  if (typeof input === 'string') return [...new URLSearchParams(input)];
  if (input instanceof URLSearchParams) return [...input];
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === 'string') entries.push([name, value]);
    else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'string') entries.push([name, item]);
    } else if (value !== null && typeof value === 'object') {
      // qs turns fiche[firstname]=Anne into { fiche: { firstname: 'Anne' } }: back to brackets.
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string') entries.push([`${name}[${key}]`, item]);
      }
    }
  }
  return entries;
}

/** Parses and validates every recognised query parameter (see file comment). */
export function parseQueryParams(input: QueryInput, options: QueryOptions): ParsedQuery {
  const byName = new Map<string, string[]>();
  const prefill: Record<'fiche' | 'vevent', [string, string][]> = { fiche: [], vevent: [] };
  for (const [rawName, value] of entriesOf(input)) {
    const bracket = PREFILL.exec(rawName);
    if (bracket) {
      prefill[bracket[1] as 'fiche' | 'vevent'].push([bracket[2]!, value]);
      continue;
    }
    const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
    byName.set(name, [...(byName.get(name) ?? []), value]);
  }

  const params: QueryParams = { preselection: {} };
  const dropped: DroppedParam[] = [];
  const known = new Set<string>();
  const drop = (name: string, value: string, reason: string) => dropped.push({ name, value, reason });

  /** The first value of a single-valued parameter, reporting extra occurrences. */
  const single = (name: string): string | undefined => {
    known.add(name);
    const values = byName.get(name);
    if (!values) return undefined;
    for (const extra of values.slice(1)) drop(name, extra, 'given more than once; the first is used');
    return values[0];
  };
  /** Every value of a list parameter (repeating it is how lists are written). */
  const all = (name: string): string[] | undefined => {
    known.add(name);
    return byName.get(name);
  };
  const take = <T>(name: string, read: (raw: string) => Read<T>): T | undefined => {
    const raw = single(name);
    if (raw === undefined) return undefined;
    const result = read(raw);
    if (result.ok) return result.value;
    drop(name, raw, result.reason);
    return undefined;
  };
  const set = <K extends keyof QueryParams>(name: K, value: QueryParams[K] | undefined) => {
    if (value !== undefined) params[name] = value;
  };

  for (const name of FLAG_NAMES) set(name, take(name, readFlag));
  for (const name of TOKENS) set(name, take(name, readToken));
  for (const name of APPOINTMENT_IDS) {
    // "0" is how mails and sessions say "no appointment": absent, not an error.
    const id = take(name, readIdOrNone);
    if (id != null) params[name] = id;
  }
  set('account_id', take('account_id', readId));
  set(
    'max_multirdvs',
    take('max_multirdvs', (raw) => readInteger(raw, 0, MAX_MULTIRDVS)),
  );
  set('websource', take('websource', readLabel));
  set('return_url', take('return_url', readHttpUrl));
  set('modify_url', take('modify_url', readHttpUrl));
  set('resource', take('resource', readIdOrNone));
  set(
    'styles',
    take('styles', (raw) =>
      /^[A-Za-z0-9_-]{1,64}$/.test(raw.trim())
        ? { ok: true, value: raw.trim() }
        : { ok: false, reason: 'not a theme name' },
    ),
  );
  for (const name of ['email', 'temp_email'] as const) {
    set(
      name,
      take(name, (raw) =>
        isValidEmail(raw.trim())
          ? { ok: true, value: normalizeEmail(raw) }
          : { ok: false, reason: 'not an e-mail address' },
      ),
    );
  }
  set(
    'locale',
    take('locale', (raw) => {
      const base = raw.trim().toLowerCase().split(/[-_]/)[0];
      return isLocale(base) ? { ok: true, value: base } : { ok: false, reason: 'not a supported language' };
    }),
  );

  const rawDate = single('date');
  if (rawDate !== undefined) {
    const result = parseDateParam(rawDate, { today: options.today, strict: options.strictDate ?? false });
    if (result.value) params.date = result.value;
    if (result.invalid) {
      const what = 'not YYYY-MM-DD or "YYYY-MM-DD hh:mm:ss"';
      drop('date', rawDate, options.strictDate ? `${what}; ignored` : `${what}; replaced by today`);
    }
  }

  set(
    'slots',
    take('slots', (raw) => {
      const { value, invalid } = parseDateParam(raw, { today: options.today, strict: true });
      return value?.time != null && !invalid
        ? { ok: true, value: { date: value.date, time: value.time } }
        : { ok: false, reason: 'not "YYYY-MM-DD hh:mm:ss"' };
    }),
  );

  const rawColors = single('colors');
  if (rawColors !== undefined) {
    const { overrides, problems } = parseColorsParam(rawColors);
    for (const problem of problems) drop('colors', rawColors, problem);
    if (Object.keys(overrides.all).length > 0 || Object.keys(overrides.groups).length > 0) {
      params.colors = overrides;
    } else if (problems.length === 0 && rawColors.trim() !== '') {
      drop('colors', rawColors, 'no colour entries');
    }
  }

  for (const form of ['fiche', 'vevent'] as const) {
    const values: Record<string, PrefillValue> = {};
    const json = single(form);
    if (json !== undefined) {
      const read = readPrefillJson(json);
      if (read.ok) {
        Object.assign(values, read.value.values);
        for (const reason of read.value.skipped) drop(form, json, reason);
      } else {
        drop(form, json, read.reason);
      }
    }
    for (const [field, value] of prefill[form]) {
      const read = readPrefillEntry(field, value);
      if (read.ok) values[field] = read.value;
      else drop(`${form}[${field}]`, value, read.reason);
    }
    if (Object.keys(values).length > 0) params[form] = values;
  }

  for (const [name, externName, isList] of PRESELECTIONS) {
    const idChoice = readChoice(name, isList, { single, all, drop });
    const externChoice = externName ? readExternChoice(externName, isList, { single, all, drop }) : undefined;
    if (idChoice && externChoice && externName) {
      drop(externName, (byName.get(externName) ?? []).join(','), `${name} is given too; it wins`);
    }
    const choice = idChoice ?? externChoice;
    if (choice) params.preselection[name] = choice;
  }
  if (params.preselection.calendar_id && params.preselection.calendar_ids) {
    drop('calendar_ids', (byName.get('calendar_ids') ?? []).join(','), 'calendar_id is given too; it wins');
    delete params.preselection.calendar_ids;
  }

  const unrecognised = [...byName.keys()].filter((name) => !known.has(name));
  return { params, dropped, unrecognised };
}

interface Readers {
  single: (name: string) => string | undefined;
  all: (name: string) => string[] | undefined;
  drop: (name: string, value: string, reason: string) => void;
}

function readChoice(
  name: PreselectionName,
  isList: boolean,
  { single, all, drop }: Readers,
): Choice | undefined {
  if (isList) {
    const raws = all(name);
    if (!raws) return undefined;
    const read = readList(raws, readId);
    if (read.ok) return { by: 'id', ids: read.value };
    drop(name, raws.join(','), read.reason);
    return undefined;
  }
  const raw = single(name);
  if (raw === undefined) return undefined;
  // "0" means no choice for a calendar or a resource (docs/requirements/booking-flow.md §4).
  const allowsNone = name === 'calendar_id' || name === 'resource_id';
  const read = allowsNone ? readIdOrNone(raw) : readId(raw);
  if (!read.ok) {
    drop(name, raw, read.reason);
    return undefined;
  }
  return read.value === null ? { by: 'none' } : { by: 'id', ids: [read.value] };
}

function readExternChoice(name: string, isList: boolean, { single, all, drop }: Readers): Choice | undefined {
  if (isList) {
    const raws = all(name);
    if (!raws) return undefined;
    const read = readList(raws, readExternId);
    if (read.ok) return { by: 'externid', externids: read.value };
    drop(name, raws.join(','), read.reason);
    return undefined;
  }
  const raw = single(name);
  if (raw === undefined) return undefined;
  const read = readExternId(raw);
  if (read.ok) return { by: 'externid', externids: [read.value] };
  drop(name, raw, read.reason);
  return undefined;
}
