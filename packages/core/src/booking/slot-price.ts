/**
 * What a promoted slot costs, for the mark on the slot (docs/booking-flow.md § Slots). The slot
 * answer says only the best percent of the booking; the price needs each booked line's own percent,
 * read from the promotions the catalogue lists on that service or pack with the same rule the
 * engine uses (docs/availability.md rule 8): the slot's local date within the dates, its weekday
 * among the weekdays, its wall-clock time within [from, to). Each line is then discounted as the
 * booking itself will be (pricing.ts), so the mark shows what the confirmation will charge.
 */
import { parseIsoDate } from '../validation/calendar-date.ts';
import { discounted } from './pricing.ts';

/** A promotion as the catalogue lists it on a service or pack. */
export interface CataloguePromotion {
  percent: number;
  from_date: string | null;
  to_date: string | null;
  /** "mon" … "sun", or null for every day. */
  weekdays: readonly string[] | null;
  /** "HH:MM" wall clock, or null for the whole day. */
  from_time: string | null;
  to_time: string | null;
}

const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** "mon" … "sun" of a calendar date "YYYY-MM-DD" (no time zone involved: the date is local). */
function weekdayName(date: string): string {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`not a date YYYY-MM-DD: ${date}`);
  return WEEKDAY_NAMES[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()]!;
}

/** The best percent among promotions running on a local date at a wall-clock time "HH:MM", or null. */
export function promotionAt(
  promotions: readonly CataloguePromotion[],
  date: string,
  time: string,
): number | null {
  let best: number | null = null;
  const weekday = weekdayName(date);
  for (const p of promotions) {
    if (p.percent <= 0 || (best !== null && p.percent <= best)) continue;
    if (p.from_date && date < p.from_date) continue;
    if (p.to_date && date > p.to_date) continue;
    if (p.weekdays && !p.weekdays.includes(weekday)) continue;
    if (p.from_time && time < p.from_time) continue;
    if (p.to_time && time >= p.to_time) continue;
    best = p.percent;
  }
  return best;
}

/** A booked line: its list price in cents (null when it has none) and its promotions. */
export interface PricedItem {
  listCents: number | null;
  promotions: readonly CataloguePromotion[];
}

export interface SlotPrice {
  /** The booking's price without promotions. */
  listCents: number;
  /** What the booking costs at this slot. */
  priceCents: number;
}

/**
 * The booking's price at a slot (local date and "HH:MM"), or null when a line has no price — a
 * partial sum would mislead.
 */
export function slotPrice(items: readonly PricedItem[], date: string, time: string): SlotPrice | null {
  if (items.length === 0 || items.some((item) => item.listCents === null)) return null;
  let listCents = 0;
  let priceCents = 0;
  for (const item of items) {
    listCents += item.listCents!;
    priceCents += discounted(item.listCents!, promotionAt(item.promotions, date, time));
  }
  return { listCents, priceCents };
}
