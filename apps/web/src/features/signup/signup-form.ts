/**
 * The sign-up form's data (docs/back-office.md "Sign-up and platform"): its fields and weekly hours
 * as typed, the body sent, and the server's problems read back onto the fields and days.
 */
import { COUNTRY_DEFAULTS } from '@creneau/core/group-config/new-business';
import { LOCALES } from '@creneau/core/locales';
import { ApiError } from '../../api/client.ts';
import type { SignupBody } from '../../api/signup.ts';

/** Countries offered: those with one zone, and a few neighbours that need theirs chosen. */
export const COUNTRIES = [...Object.keys(COUNTRY_DEFAULTS), 'ES', 'PT'].sort();
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One opening of a day, "HH:MM" to "HH:MM". */
export interface TimeRange {
  from: string;
  to: string;
}

/** A weekday: open or not, and its openings (a lunch break is two). */
export interface DayHours {
  open: boolean;
  ranges: TimeRange[];
}

/** At most this many openings a day in the form (the server takes up to 100 ranges a week). */
export const MAX_RANGES_PER_DAY = 4;

export interface SignupFields {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  name: string;
  urlname: string;
  street: string;
  zipcode: string;
  city: string;
  country: string;
  timezone: string;
  language: string;
  serviceName: string;
  duration: string;
  price: string;
}

/** An empty form; the business speaks the page's language when the app has it, else French. */
export function initialFields(locale: string): SignupFields {
  return {
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    name: '',
    urlname: '',
    street: '',
    zipcode: '',
    city: '',
    country: 'FR',
    timezone: '',
    language: (LOCALES as readonly string[]).includes(locale) ? locale : 'fr',
    serviceName: '',
    duration: '30',
    price: '',
  };
}

/** Monday to Friday, 09:00 to 18:00. */
export const initialHours = (): DayHours[] =>
  WEEKDAYS.map((day) => ({ open: day <= 5, ranges: [{ from: '09:00', to: '18:00' }] }));

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The opening added after a day's last one: an hour after it ends, for two hours, kept within the
 * day ("12:00" → 13:00–15:00; late in the evening it shrinks to what is left, up to 23:59).
 */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  const end = last && /^\d\d:\d\d$/.test(last.to) ? minutesOf(last.to) : 12 * 60;
  const from = Math.min(end + 60, 23 * 60);
  return { from: timeOf(from), to: timeOf(Math.min(from + 120, 23 * 60 + 59)) };
}

/** The name of a weekday (1 Monday) in the page's language: 2024-01-01 was a Monday. */
export const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );

/** Every time zone the browser knows, for the zone field's suggestions. */
export function allZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/** Whether the country leaves the zone to choose (it has several, or none known). */
export const zoneNeeded = (country: string) => !COUNTRY_DEFAULTS[country];

/**
 * The problem path of a day's opening: the ranges are sent in order, the open days' ones only, so
 * `business.hours[i]` is the i-th of those; null for a closed day (none sent).
 */
export function rangeProblemPath(hours: readonly DayHours[], day: number, range: number): string | null {
  if (!hours[day - 1]?.open) return null;
  let index = 0;
  for (const weekday of WEEKDAYS) {
    const item = hours[weekday - 1]!;
    if (weekday === day) return range < item.ranges.length ? `business.hours[${index + range}]` : null;
    if (item.open) index += item.ranges.length;
  }
  return null;
}

/** The body sent: the price typed in euros (comma or point) becomes cents; the zone only when needed. */
export function signupBodyOf(fields: SignupFields, hours: readonly DayHours[]): SignupBody {
  const euros = fields.price.trim().replace(',', '.');
  return {
    owner: {
      firstname: fields.firstname,
      lastname: fields.lastname,
      email: fields.email,
      password: fields.password,
    },
    business: {
      name: fields.name,
      urlname: fields.urlname,
      address: {
        street: fields.street,
        zipcode: fields.zipcode,
        city: fields.city,
        country: fields.country,
      },
      ...(zoneNeeded(fields.country) && fields.timezone.trim() ? { timezone: fields.timezone.trim() } : {}),
      language: fields.language,
      service: {
        name: fields.serviceName,
        duration: Number(fields.duration) || 0,
        price: euros === '' ? null : Math.round(Number(euros) * 100) || 0,
      },
      hours: WEEKDAYS.flatMap((day) => {
        const item = hours[day - 1]!;
        return item.open
          ? item.ranges.map((range) => ({ weekday: day, from: range.from, to: range.to }))
          : [];
      }),
    },
  };
}

/** A refused sign-up: the problems by field path (none for other failures) and the key to say. */
export function refusalOf(error: unknown): { problems: Record<string, string[]> | null; key: string } {
  const found =
    error instanceof ApiError
      ? (error.body as { problems?: Record<string, string[]> } | null)?.problems
      : null;
  return {
    problems: found && typeof found === 'object' && !Array.isArray(found) ? found : null,
    key: error instanceof ApiError ? error.key : 'other',
  };
}

const KNOWN_PROBLEMS = new Set([
  'required',
  'tooLong',
  'emailValidator',
  'emailAlreadyExists',
  'passwordRules',
  'passwordTooLong',
  'urlnameFormat',
  'urlnameReserved',
  'urlnameTaken',
  'countryCode',
  'timezoneRequired',
  'timezoneUnknown',
  'languageUnknown',
  'durationRange',
  'priceRange',
  'hoursRequired',
  'weekday',
  'timeFormat',
  'rangeOrder',
  'rangeOverlap',
  'invalidSignup',
  'signupClosed',
  'tooManyRequests',
]);

/** The page's words for the server's keys; anything else is a generic failure. */
export function knownProblem(key: string): string {
  return KNOWN_PROBLEMS.has(key) ? key : 'other';
}
