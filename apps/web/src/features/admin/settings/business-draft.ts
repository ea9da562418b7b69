/**
 * The business details form over the configuration document (docs/group-configuration.md
 * "`settings`", "Identity, contact, region"): the fields it edits, read from the document, written
 * back into a copy of it with every other part untouched, and the server's problem paths
 * ("$.settings.phone: …") brought back to the field they name.
 */
import { LOCALES } from '@creneau/core/locales';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { checkedWith } from './checked-with.ts';
import { sortProblemsBy } from './server-problems.ts';

export const BUSINESS_FIELDS = [
  'name',
  'phone',
  'mail',
  'siteUrl',
  'street',
  'zipcode',
  'city',
  'addressCountry',
  'country',
  'timezone',
  'locale',
  'enabled_locales',
] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];

export interface BusinessDraft {
  name: string;
  phone: string;
  /** The mini-site's contact address; null when the group has no mini-site to hold it. */
  mail: string | null;
  siteUrl: string;
  street: string;
  zipcode: string;
  city: string;
  addressCountry: string;
  country: string;
  timezone: string;
  locale: string;
  enabled_locales: string[];
}

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function draftOf(document: ConfigurationDocument): BusinessDraft {
  const settings = objectOr(document.settings) ?? {};
  const address = objectOr(settings.address);
  const website = objectOr(document.website);
  const enabled = Array.isArray(settings.enabled_locales)
    ? settings.enabled_locales.filter((code): code is string => typeof code === 'string')
    : [];
  return {
    name: textOf(document.name),
    phone: textOf(settings.phone),
    mail: website ? textOf(website.mail) : null,
    siteUrl: textOf(settings.siteUrl),
    street: textOf(address?.address),
    zipcode: textOf(address?.zipcode),
    city: textOf(address?.city),
    addressCountry: textOf(address?.country),
    country: textOf(settings.country),
    timezone: textOf(settings.timezone),
    locale: textOf(settings.locale),
    enabled_locales: enabled,
  };
}

/** An emptied optional text is no value (null), as an export writes it. */
const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The whole document with the draft's fields written in; nothing else is touched. */
export function documentWith(document: ConfigurationDocument, draft: BusinessDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const settings = { ...(objectOr(copy.settings) ?? {}) };
  copy.name = draft.name.trim();
  settings.phone = orNull(draft.phone);
  settings.siteUrl = orNull(draft.siteUrl);
  const lines = [draft.street, draft.zipcode, draft.city].map((line) => line.trim());
  settings.address = lines.some(Boolean)
    ? {
        ...(objectOr(settings.address) ?? {}),
        address: lines[0],
        zipcode: lines[1],
        city: lines[2],
        country: draft.addressCountry.trim() || draft.country.trim() || 'FR',
      }
    : null;
  settings.country = draft.country.trim().toUpperCase();
  settings.timezone = draft.timezone;
  settings.locale = draft.locale;
  settings.enabled_locales = [...draft.enabled_locales];
  copy.settings = settings;
  const website = objectOr(copy.website);
  if (website && draft.mail !== null) copy.website = { ...website, mail: orNull(draft.mail) };
  return copy;
}

/** Each path of the document the form edits, and the field that shows it. */
const PATH_FIELDS: readonly [string, BusinessField][] = [
  ['name', 'name'],
  ['settings.phone', 'phone'],
  ['website.mail', 'mail'],
  ['settings.siteUrl', 'siteUrl'],
  ['settings.address.address', 'street'],
  ['settings.address.zipcode', 'zipcode'],
  ['settings.address.city', 'city'],
  ['settings.address.country', 'addressCountry'],
  ['settings.address', 'street'],
  ['settings.country', 'country'],
  ['settings.timezone', 'timezone'],
  ['settings.locale', 'locale'],
  ['settings.enabled_locales', 'enabled_locales'],
];

/**
 * The field a path names, with or without the "$." of problems, down to list items
 * ("settings.enabled_locales[2]"); null for a path the form does not edit.
 */
export function fieldOfPath(path: string): BusinessField | null {
  const bare = path.startsWith('$.') ? path.slice(2) : path;
  for (const [prefix, field] of PATH_FIELDS) {
    if (bare === prefix) return field;
    const next = bare.charAt(prefix.length);
    if (bare.startsWith(prefix) && (next === '[' || (next === '.' && prefix !== 'settings.address')))
      return field;
  }
  return null;
}

export interface SortedProblems {
  /** The fields with a problem, in the form's order (the first gets the focus). */
  fields: BusinessField[];
  /** Problems elsewhere in the document, as the server wrote them. */
  other: string[];
}

/** Splits a 422's `problems` ("$.settings.phone: rule") into the form's fields and the rest. */
export function sortProblems(problems: readonly string[]): SortedProblems {
  return sortProblemsBy(problems, (path) => fieldOfPath(path) ?? undefined, {
    rank: (field) => BUSINESS_FIELDS.indexOf(field),
  });
}

/** The checks the browser can make for sure; the server checks everything again. */
export function localProblems(draft: BusinessDraft): BusinessField[] {
  return draft.name.trim() === '' ? ['name'] : [];
}

/**
 * The languages offered once `code` is turned on or off, in the order of LOCALES (the order the
 * document keeps them in).
 */
export function enabledWith(enabled: readonly string[], code: string, on: boolean): string[] {
  return checkedWith(LOCALES, enabled, code, on);
}

/** The time zones to choose from: the browser's, and first the one saved if the browser lacks it. */
export function timeZones(
  current: string,
  zones: readonly string[] = Intl.supportedValuesOf('timeZone'),
): string[] {
  return current && !zones.includes(current) ? [current, ...zones] : [...zones];
}
