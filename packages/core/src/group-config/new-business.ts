/**
 * A new business as its owner describes it on the sign-up page (docs/back-office.md "Sign-up and
 * platform"): checked field by field, then turned into the group configuration document the import
 * writes (docs/group-configuration.md). Pure, so the server and the browser judge alike.
 */
import { LOCALES, type Locale } from '../locales.ts';
import { isValidTimeZone } from '../time/time-zone.ts';
// Types only: the browser's sign-up page uses these rules without the schema (and zod) itself.
import type { GroupConfigInput, Weekday } from './group-config.schema.ts';

/** The configuration's weekday keys, Monday first (group-config.schema.ts WEEKDAYS). */
const WEEKDAY_KEYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * Words a url name may not be, because the address `/{word}` is something else: the web app's
 * top-level routes (apps/web/src/app/router.tsx), the server's own paths (the API, health, metrics,
 * sign-on, files) and words kept for pages to come. Those with `_` could not be url names anyway;
 * they are listed so this stays the one list of what the top level holds.
 */
export const RESERVED_URLNAMES: ReadonlySet<string> = new Set([
  'not_found',
  'inactive',
  'disconnected',
  'error',
  'set_password',
  'signup',
  'platform',
  'api',
  'auth',
  'health',
  'metrics',
  'assets',
  'demo',
  'admin',
  'login',
  'logout',
  'static',
  'www',
  'robots.txt',
  'sitemap.xml',
  'favicon.svg',
]);

export const URLNAME_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Countries with a single time zone (so the zone may be left out) and their currency. A country
 * that spans several zones (Spain with the Canaries, Portugal with the Azores, the United States)
 * is absent: its businesses say which zone they are in.
 */
export const COUNTRY_DEFAULTS: Readonly<Record<string, { zone: string; currency: string }>> = {
  AT: { zone: 'Europe/Vienna', currency: 'EUR' },
  BE: { zone: 'Europe/Brussels', currency: 'EUR' },
  BG: { zone: 'Europe/Sofia', currency: 'EUR' },
  CH: { zone: 'Europe/Zurich', currency: 'CHF' },
  CZ: { zone: 'Europe/Prague', currency: 'CZK' },
  DE: { zone: 'Europe/Berlin', currency: 'EUR' },
  DK: { zone: 'Europe/Copenhagen', currency: 'DKK' },
  FI: { zone: 'Europe/Helsinki', currency: 'EUR' },
  FR: { zone: 'Europe/Paris', currency: 'EUR' },
  GB: { zone: 'Europe/London', currency: 'GBP' },
  GR: { zone: 'Europe/Athens', currency: 'EUR' },
  HR: { zone: 'Europe/Zagreb', currency: 'EUR' },
  HU: { zone: 'Europe/Budapest', currency: 'HUF' },
  IE: { zone: 'Europe/Dublin', currency: 'EUR' },
  IT: { zone: 'Europe/Rome', currency: 'EUR' },
  LU: { zone: 'Europe/Luxembourg', currency: 'EUR' },
  MC: { zone: 'Europe/Monaco', currency: 'EUR' },
  NL: { zone: 'Europe/Amsterdam', currency: 'EUR' },
  NO: { zone: 'Europe/Oslo', currency: 'NOK' },
  PL: { zone: 'Europe/Warsaw', currency: 'PLN' },
  RO: { zone: 'Europe/Bucharest', currency: 'RON' },
  SE: { zone: 'Europe/Stockholm', currency: 'SEK' },
  SI: { zone: 'Europe/Ljubljana', currency: 'EUR' },
  SK: { zone: 'Europe/Bratislava', currency: 'EUR' },
};

export const BUSINESS_LIMITS = {
  name: 100,
  street: 200,
  zipcode: 16,
  city: 100,
  phone: 40,
  serviceName: 100,
  minDuration: 5,
  maxDuration: 720,
  maxPrice: 10_000_000,
} as const;

export interface NewBusinessInput {
  name: string;
  urlname: string;
  phone?: string | undefined;
  address: { street: string; zipcode: string; city: string; country: string };
  timezone?: string | undefined;
  language: string;
  service: { name: string; duration: number; price?: number | null | undefined };
  hours: readonly { weekday: number; from: string; to: string }[];
}

/** Problems by field path (`urlname`, `address.city`, `hours[2]`), each a list of error keys. */
export type Problems = Record<string, string[]>;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/** The problem with a url name's form, if any (whether it is free is the database's to say). */
export function urlnameProblem(urlname: string): string | null {
  if (urlname.length < 2 || urlname.length > 64 || !URLNAME_PATTERN.test(urlname)) return 'urlnameFormat';
  if (RESERVED_URLNAMES.has(urlname)) return 'urlnameReserved';
  return null;
}

/** The zone the business will run on: the one given, else its country's only one. */
export function zoneOf(input: Pick<NewBusinessInput, 'timezone' | 'address'>): string | undefined {
  const given = input.timezone?.trim();
  if (given) return given;
  return COUNTRY_DEFAULTS[input.address.country.trim().toUpperCase()]?.zone;
}

/** Every problem of the description, by field; an empty object when there is none. */
export function checkNewBusiness(input: NewBusinessInput): Problems {
  const problems: Problems = {};
  const add = (path: string, key: string) => {
    problems[path] = [...(problems[path] ?? []), key];
  };
  const text = (path: string, value: string | undefined, max: number, required = true) => {
    const trimmed = value?.trim() ?? '';
    if (required && trimmed === '') add(path, 'required');
    else if (trimmed.length > max) add(path, 'tooLong');
  };
  text('name', input.name, BUSINESS_LIMITS.name);
  const urlProblem = urlnameProblem(input.urlname);
  if (urlProblem) add('urlname', urlProblem);
  text('phone', input.phone, BUSINESS_LIMITS.phone, false);
  text('address.street', input.address.street, BUSINESS_LIMITS.street);
  text('address.zipcode', input.address.zipcode, BUSINESS_LIMITS.zipcode);
  text('address.city', input.address.city, BUSINESS_LIMITS.city);
  if (!/^[A-Z]{2}$/.test(input.address.country.trim().toUpperCase())) add('address.country', 'countryCode');
  const zone = zoneOf(input);
  if (!zone) add('timezone', 'timezoneRequired');
  else if (zone.length > 100 || !isValidTimeZone(zone)) add('timezone', 'timezoneUnknown');
  if (!(LOCALES as readonly string[]).includes(input.language)) add('language', 'languageUnknown');
  text('service.name', input.service.name, BUSINESS_LIMITS.serviceName);
  const { duration, price } = input.service;
  if (
    !Number.isInteger(duration) ||
    duration < BUSINESS_LIMITS.minDuration ||
    duration > BUSINESS_LIMITS.maxDuration
  )
    add('service.duration', 'durationRange');
  if (price != null && (!Number.isInteger(price) || price < 0 || price > BUSINESS_LIMITS.maxPrice))
    add('service.price', 'priceRange');
  if (input.hours.length === 0) add('hours', 'hoursRequired');
  const taken: { weekday: number; from: number; to: number }[] = [];
  input.hours.forEach((range, index) => {
    const path = `hours[${index}]`;
    if (!Number.isInteger(range.weekday) || range.weekday < 1 || range.weekday > 7) add(path, 'weekday');
    else if (!HHMM.test(range.from) || !HHMM.test(range.to)) add(path, 'timeFormat');
    else {
      const from = minutesOf(range.from);
      const to = minutesOf(range.to);
      if (from >= to) add(path, 'rangeOrder');
      else if (taken.some((t) => t.weekday === range.weekday && t.from < to && from < t.to))
        add(path, 'rangeOverlap');
      else taken.push({ weekday: range.weekday, from, to });
    }
  });
  return problems;
}

/**
 * The configuration of the new business: one calendar (named after `calendarName`, e.g. the
 * owner) that performs the one service during the opening hours, the group's language its only
 * one. Assumes checkNewBusiness found nothing.
 */
export function newBusinessDocument(input: NewBusinessInput, calendarName: string): GroupConfigInput {
  const country = input.address.country.trim().toUpperCase();
  const language = input.language as Locale;
  const weekly: Partial<Record<Weekday, [string, string][]>> = {};
  const ordered = [...input.hours].sort((a, b) => a.weekday - b.weekday || a.from.localeCompare(b.from));
  for (const range of ordered) {
    const day = WEEKDAY_KEYS[range.weekday - 1]!;
    weekly[day] = [...(weekly[day] ?? []), [range.from, range.to]];
  }
  const serviceName = input.service.name.trim();
  const phone = input.phone?.trim();
  return {
    urlname: input.urlname,
    name: input.name.trim(),
    active: true,
    settings: {
      ...(phone ? { phone } : {}),
      address: {
        address: input.address.street.trim(),
        zipcode: input.address.zipcode.trim(),
        city: input.address.city.trim(),
        country,
      },
      country,
      locale: language,
      enabled_locales: [language],
      timezone: zoneOf(input)!,
      currency: COUNTRY_DEFAULTS[country]?.currency ?? 'EUR',
    },
    interventions: [
      {
        externid: 'service-1',
        name: serviceName,
        publicname: serviceName,
        price: input.service.price ?? null,
        length: input.service.duration,
      },
    ],
    calendars: [
      {
        externid: 'calendar-1',
        name: calendarName,
        publicname: calendarName,
        interventions: [{ intervention: 'service-1' }],
        weekly,
      },
    ],
  };
}
