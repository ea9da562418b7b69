/**
 * How the customers section writes a person, a visit's day and the export's file name. A last
 * visit is an instant: its day is the day on the group's clock, in the page's language.
 */
import { intlLocale } from '@creneau/core/format/intl-locale';
import { isLocale } from '@creneau/core/locales';

/** "Inès Walk"; a record without names (an erased one) has none to show. */
export function personName(person: { firstname: string; lastname: string }): string {
  return [person.firstname, person.lastname]
    .map((part) => part.trim())
    .filter((part) => part && part !== '—')
    .join(' ');
}

/** "25 Nov 2026": the day of an instant on the group's clock. */
export function createDayFormat(language: string, timeZone: string): (iso: string) => string {
  const locale = isLocale(language) ? intlLocale(language) : 'en-GB';
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
  } catch {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  }
  return (iso) => format.format(new Date(iso));
}

/** Lower-case ASCII words joined by dashes, for a file name any system accepts. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/** "customer-42-ines-walk-2026-11-27.json": who, and the day the copy was made (UTC). */
export function exportFileName(
  customer: { fiche_id: number; firstname: string; lastname: string },
  exportedAt: string,
): string {
  const name = slug(personName(customer));
  const day = /^\d{4}-\d{2}-\d{2}/.exec(exportedAt)?.[0] ?? new Date().toISOString().slice(0, 10);
  const parts = ['customer', String(customer.fiche_id), name, day].filter(Boolean);
  return `${parts.join('-')}.json`;
}

/** A phone number as a tel: address (spaces, dots and dashes dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The record form's answers worth showing: texts, numbers and yes/no, not blank ones. */
export function shownAnswers(fields: Record<string, unknown>): [string, string | number | boolean][] {
  return Object.entries(fields).filter(
    (entry): entry is [string, string | number | boolean] =>
      ['string', 'number', 'boolean'].includes(typeof entry[1]) && String(entry[1]).trim() !== '',
  );
}
