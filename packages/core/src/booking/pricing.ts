/**
 * Prices of a booking, in cents (docs/requirements/booking-flow.md §4 packs, §9; docs/booking.md): what each line costs after its
 * promotion, and the discount and total lines of the confirmation page.
 */

/** The price after a percent discount, rounded to the cent (half away from zero). */
export function discounted(priceCents: number, percent: number | null | undefined): number {
  if (!percent) return priceCents;
  return Math.round((priceCents * (100 - percent)) / 100);
}

/** A pack's list price: its own price, else its total_price (docs/requirements/booking-flow.md §4 "Booking a pack"). */
export function packListPrice(pack: { price: number | null; total_price: number | null }): number | null {
  return pack.price ?? pack.total_price;
}

export interface PricedLine {
  /** List price in cents, or null when the service shows no price. */
  listCents: number | null;
  /** Promotion percent applied to this line, if any. */
  promotion: number | null;
}

export interface PriceSummary {
  subtotalCents: number | null;
  discountCents: number;
  totalCents: number | null;
}

/** Subtotal, discount and total of priced lines; null totals when no line has a price. */
export function summarizePrices(lines: readonly PricedLine[]): PriceSummary {
  const priced = lines.filter((line) => line.listCents !== null);
  if (priced.length === 0) return { subtotalCents: null, discountCents: 0, totalCents: null };
  const subtotal = priced.reduce((sum, line) => sum + line.listCents!, 0);
  const total = priced.reduce((sum, line) => sum + discounted(line.listCents!, line.promotion), 0);
  return { subtotalCents: subtotal, discountCents: subtotal - total, totalCents: total };
}
