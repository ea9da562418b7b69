/**
 * Prices (docs/requirements/booking-flow.md §9): stored in cents, shown with exactly 2 decimals in the group's currency and
 * the visitor's language, through Intl.NumberFormat. Two decimals even for currencies that usually
 * have none (JPY): the spec fixes it, and prices are entered in cents anyway.
 */
import type { Locale } from '../locales.ts';
import { intlLocale } from './intl-locale.ts';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, format);
  }
  return format;
}

/** "12,50 €" for 1250 cents in EUR and fr. Throws RangeError for a malformed currency code. */
export function formatPrice(cents: number, currency: string, locale: Locale): string {
  if (!Number.isFinite(cents)) throw new RangeError(`not a price in cents: ${cents}`);
  return formatter(locale, currency).format(Math.round(cents) / 100);
}
