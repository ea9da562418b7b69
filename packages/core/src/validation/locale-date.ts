/**
 * Dates typed by a user, parsed strictly by the format of their interface language (docs/requirements/accounts-and-appointments.md §5:
 * "Dates parsed strictly by locale format … stored as YYYY-MM-DD"). The format per language follows
 * the national convention (CLDR short date with a four-digit year):
 *
 * | locale | typed as      | also accepted                         |
 * |--------|---------------|---------------------------------------|
 * | br     | DD/MM/YYYY    |                                       |
 * | cs     | DD.MM.YYYY    | a space after each dot: 31. 12. 2024  |
 * | de     | DD.MM.YYYY    |                                       |
 * | en     | DD/MM/YYYY    |                                       |
 * | es     | DD/MM/YYYY    |                                       |
 * | fr     | DD/MM/YYYY    |                                       |
 * | hr     | DD.MM.YYYY.   | spaces after dots; no final dot       |
 * | hu     | YYYY.MM.DD.   | spaces after dots; no final dot       |
 * | it     | DD/MM/YYYY    |                                       |
 * | nl     | DD-MM-YYYY    |                                       |
 * | pl     | DD.MM.YYYY    |                                       |
 * | pt     | DD/MM/YYYY    |                                       |
 * | sk     | DD.MM.YYYY    | a space after each dot: 31. 12. 2024  |
 *
 * en is day-first (British usage): the product serves European businesses, and a month-first
 * reading would silently swap day and month for every visitor who falls back to en.
 * "Strict" means: exactly the language's separator and field order, a four-digit year, day and month
 * of one or two digits, a date that exists. No other separator, no two-digit year, no text.
 * Surrounding white space is ignored (the form trims on blur).
 */
import type { Locale } from '../locales.ts';
import { type DateParts, isRealDate, parseIsoDate, toIsoDate } from './calendar-date.ts';

export interface DateInputFormat {
  order: 'DMY' | 'YMD';
  separator: '/' | '.' | '-';
  /** A single space may follow each separator (how the language writes dates in print). */
  spaced: boolean;
  /** The language writes a dot after the last field; it is optional when typing. */
  finalDot: boolean;
  /** What to show as a placeholder, in the language's own order. */
  pattern: string;
}

const slash: DateInputFormat = {
  order: 'DMY',
  separator: '/',
  spaced: false,
  finalDot: false,
  pattern: 'DD/MM/YYYY',
};
const dotted: DateInputFormat = {
  order: 'DMY',
  separator: '.',
  spaced: false,
  finalDot: false,
  pattern: 'DD.MM.YYYY',
};

export const DATE_INPUT_FORMATS: Record<Locale, DateInputFormat> = {
  br: slash,
  cs: { ...dotted, spaced: true },
  de: dotted,
  en: slash,
  es: slash,
  fr: slash,
  hr: { ...dotted, spaced: true, finalDot: true, pattern: 'DD.MM.YYYY.' },
  hu: { order: 'YMD', separator: '.', spaced: true, finalDot: true, pattern: 'YYYY.MM.DD.' },
  it: slash,
  nl: { ...slash, separator: '-', pattern: 'DD-MM-YYYY' },
  pl: dotted,
  pt: slash,
  sk: { ...dotted, spaced: true },
};

const patterns = new Map<Locale, RegExp>();

function regexFor(locale: Locale): RegExp {
  let regex = patterns.get(locale);
  if (!regex) {
    const format = DATE_INPUT_FORMATS[locale];
    const sep = `\\${format.separator}${format.spaced ? ' ?' : ''}`;
    const dm = '(\\d{1,2})';
    const y = '(\\d{4})';
    const body = format.order === 'DMY' ? `${dm}${sep}${dm}${sep}${y}` : `${y}${sep}${dm}${sep}${dm}`;
    regex = new RegExp(`^${body}${format.finalDot ? '\\.?' : ''}$`);
    patterns.set(locale, regex);
  }
  return regex;
}

/** The date parts typed in a language's format, or null when the text breaks it or names no date. */
export function parseLocaleDateParts(text: string, locale: Locale): DateParts | null {
  const match = regexFor(locale).exec(text.trim());
  if (!match) return null;
  const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parts =
    DATE_INPUT_FORMATS[locale].order === 'DMY'
      ? { day: a, month: b, year: c }
      : { year: a, month: b, day: c };
  return isRealDate(parts) ? parts : null;
}

/** "YYYY-MM-DD" for a date typed in a language's format, or null (→ dateFormat). */
export function parseLocaleDate(text: string, locale: Locale): string | null {
  const parts = parseLocaleDateParts(text, locale);
  return parts ? toIsoDate(parts) : null;
}

/** A stored "YYYY-MM-DD" written in a language's input format (to prefill an input), or null. */
export function formatLocaleDate(iso: string, locale: Locale): string | null {
  const parts = parseIsoDate(iso);
  if (!parts) return null;
  const format = DATE_INPUT_FORMATS[locale];
  const dd = String(parts.day).padStart(2, '0');
  const mm = String(parts.month).padStart(2, '0');
  const yyyy = String(parts.year);
  const fields = format.order === 'DMY' ? [dd, mm, yyyy] : [yyyy, mm, dd];
  return fields.join(format.separator) + (format.finalDot ? '.' : '');
}
