/**
 * What a slot shows besides its time (docs/booking-flow.md § Slots): what the booking costs at a
 * promoted slot — each chosen line with its own promotions — when the group shows prices, and the
 * places left when it shows them.
 */
import { packListPrice } from '@creneau/core/booking/pricing';
import { slotPrice } from '@creneau/core/booking/slot-price';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import type { Group } from '../../../api/group.ts';
import type { Intervention } from '../../../api/interventions.ts';
import { slotDate } from '../slot-days.ts';
import type { SlotMarks } from './slot-text.ts';

export function slotMarks(
  group: Pick<Group, 'display_intervention_price' | 'capacity_display_user'>,
  chosen: readonly Intervention[],
): SlotMarks {
  const priced = chosen.map((item) => ({
    listCents:
      item.type === 'pack'
        ? packListPrice({ price: item.price, total_price: item.total_price ?? null })
        : item.price,
    promotions: item.promotions ?? [],
  }));
  const priceOf = (slot: AvailableSlot) =>
    group.display_intervention_price ? slotPrice(priced, slotDate(slot), slot.time) : null;
  return { priceOf, showCapacity: group.capacity_display_user };
}
