/**
 * Booking a pack (docs/requirements/booking-flow.md §4, §9): only packs with status "opened" are bookable; the booked pack's
 * type becomes "pack" and its interventionset id 0; break-time entries are dropped; the price is
 * total_price when price is null; calendars are preselected from a retaken appointment.
 *
 * A break-time entry is a config entry that names no service (intervention_id null or 0): a pure
 * pause. The pause after a real item stays on that item (break_time) for the slot engine.
 */

export interface PackConfigItem {
  intervention_id: number | null;
  publicname?: string | null;
  break_time: number;
  selectedCalendar: number | null;
}

export interface PackRecord {
  type?: string;
  status?: 'opened' | 'closed' | string;
  interventionset_id: number | null;
  price: number | null;
  total_price?: number | null;
  config: readonly PackConfigItem[] | null;
}

/** The appointment being retaken: its calendars, one per pack item, in item order. */
export interface RetakenAppointment {
  interventions: readonly { calendar_id: number | null }[];
}

export type BookedPack<P extends PackRecord> = Omit<P, 'type' | 'interventionset_id' | 'price' | 'config'> & {
  type: 'pack';
  interventionset_id: 0;
  price: number | null;
  config: (PackConfigItem & { intervention_id: number })[];
};

/** Only opened packs are used. */
export function isBookablePack(pack: Pick<PackRecord, 'status'>): boolean {
  return pack.status === 'opened';
}

/** The pack as the booking carries it (rules in the file comment). */
export function bookPack<P extends PackRecord>(pack: P, retaken?: RetakenAppointment | null): BookedPack<P> {
  const items = (pack.config ?? []).filter(
    (item): item is PackConfigItem & { intervention_id: number } => (item.intervention_id ?? 0) > 0,
  );
  return {
    ...pack,
    type: 'pack',
    interventionset_id: 0,
    price: pack.price ?? pack.total_price ?? null,
    config: items.map((item, index) => ({
      ...item,
      selectedCalendar: retaken?.interventions[index]?.calendar_id ?? item.selectedCalendar,
    })),
  };
}
