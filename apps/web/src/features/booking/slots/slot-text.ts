/**
 * What a slot says, in the grid and in the phone strip alike: its accessible name (the day once,
 * the time, the places left when the group shows them, the promotion with the price it gives) and
 * the price mark of a promoted slot. Names stay short because a screen reader reads them for every
 * slot: "mercredi 25 novembre, 09:30, −20 % : 36,00 €".
 */
import type { SlotPrice } from '@creneau/core/booking/slot-price';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';

export interface SlotMarks {
  /** The booking's price at a slot (null when prices are hidden or a line has none). */
  priceOf: (slot: AvailableSlot) => SlotPrice | null;
  showCapacity: boolean;
}

export function useSlotText({ priceOf, showCapacity }: SlotMarks) {
  const { t } = useTranslation();
  const format = useFormatters();
  /** "-20%" — the badge. */
  const percent = (value: number) => t('booking.item.promotion', { percent: value });
  /** The discounted price of a promoted slot, or null (no promotion, or no price to show). */
  const promotedPrice = (slot: AvailableSlot): string | null => {
    if (!slot.promotion) return null;
    const price = priceOf(slot);
    return price && price.priceCents < price.listCents ? format.price(price.priceCents) : null;
  };
  /** "09:30, 2 places left, -20%: €36.00 instead of €45.00". */
  const describe = (slot: AvailableSlot) => {
    const price = slot.promotion ? priceOf(slot) : null;
    const promotion = !slot.promotion
      ? null
      : price && price.priceCents < price.listCents
        ? t('booking.slots.promotionPrice', {
            percent: slot.promotion,
            price: format.price(price.priceCents),
            list: format.price(price.listCents),
          })
        : percent(slot.promotion);
    return [slot.time, showCapacity ? t('booking.slots.capacity', { count: slot.capacity }) : null, promotion]
      .filter(Boolean)
      .join(', ');
  };
  return { percent, promotedPrice, describe };
}
