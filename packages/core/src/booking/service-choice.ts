/**
 * Choosing services (docs/requirements/booking-flow.md §4):
 * - services per booking are capped by the services step's max_multirdvs (maxServicesPerBooking in
 *   step-list.ts); with a cap of 1 a new pick replaces the old one;
 * - with merge_interventions, all services of the same name and category are picked together and
 *   count as one appointment (the summary shows only the first of them);
 * - adding another appointment is allowed while the count is below the maximum, or when modifying,
 *   but never with a video-conference service selected, never when a promoted service is selected
 *   while the slot is promoted, and never for government-request services.
 */

export interface ServiceFacts {
  id: number;
  name: string;
  interventionset_id: number | null;
}

/** Services of one name in one category are the same service offered several ways. */
export function mergeKey(service: Pick<ServiceFacts, 'name' | 'interventionset_id'>): string {
  return `${service.interventionset_id ?? 0}\u0000${service.name.trim()}`;
}

/** The ids picked together with a service: itself, plus its same-name same-category peers when merging. */
export function pickedTogether(id: number, services: readonly ServiceFacts[], merge: boolean): number[] {
  const picked = services.find((s) => s.id === id);
  if (!merge || !picked) return [id];
  const key = mergeKey(picked);
  return services.filter((s) => mergeKey(s) === key).map((s) => s.id);
}

/** How many appointments the selected ids make (merged peers count once). */
export function appointmentCount(
  selectedIds: readonly number[],
  services: readonly ServiceFacts[],
  merge: boolean,
): number {
  if (!merge) return selectedIds.length;
  const keys = selectedIds.map((id) => {
    const service = services.find((s) => s.id === id);
    return service ? mergeKey(service) : `id:${id}`;
  });
  return new Set(keys).size;
}

/**
 * The selection after clicking a service: a selected one (and its merged peers) is removed; with a
 * cap of 1 the click replaces the selection; otherwise it is added while below the cap, and ignored
 * at the cap.
 */
export function toggleService(
  selectedIds: readonly number[],
  id: number,
  services: readonly ServiceFacts[],
  options: { max: number; merge: boolean },
): number[] {
  const group = pickedTogether(id, services, options.merge);
  if (selectedIds.includes(id)) return selectedIds.filter((s) => !group.includes(s));
  if (options.max <= 1) return group;
  if (appointmentCount(selectedIds, services, options.merge) >= options.max) return [...selectedIds];
  return [...selectedIds, ...group.filter((s) => !selectedIds.includes(s))];
}

/** The selected ids to show in the summary: with merging, only the first of each merged group. */
export function summaryIds(
  selectedIds: readonly number[],
  services: readonly ServiceFacts[],
  merge: boolean,
): number[] {
  if (!merge) return [...selectedIds];
  const seen = new Set<string>();
  return selectedIds.filter((id) => {
    const service = services.find((s) => s.id === id);
    const key = service ? mergeKey(service) : `id:${id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface AddAppointmentContext {
  /** Appointments already in the booking. */
  count: number;
  /** maxServicesPerBooking. */
  max: number;
  /** Modifying an existing appointment. */
  modifying: boolean;
  /** The selected services. */
  services: readonly { videoconference: boolean; promotions?: readonly unknown[] | null }[];
  /** The chosen slot carries a promotion. */
  slotPromoted: boolean;
  /**
   * The booking is a government request (the group's profile.ants_group): one request, one
   * appointment, since the reference number identifies a single request.
   */
  governmentRequest: boolean;
}

export type AddAppointmentRefusal = 'max' | 'videoconference' | 'promotion' | 'governmentRequest';

/** Whether "add another appointment" is offered, and if not, why. */
export function canAddAppointment(
  context: AddAppointmentContext,
): { allowed: true } | { allowed: false; reason: AddAppointmentRefusal } {
  if (context.governmentRequest) return { allowed: false, reason: 'governmentRequest' };
  if (context.services.some((s) => s.videoconference)) return { allowed: false, reason: 'videoconference' };
  if (context.slotPromoted && context.services.some((s) => (s.promotions?.length ?? 0) > 0)) {
    return { allowed: false, reason: 'promotion' };
  }
  if (context.count >= context.max && !context.modifying) return { allowed: false, reason: 'max' };
  return { allowed: true };
}

/**
 * How many choices a booking request holds, for the max_multirdvs cap: each `appointments` entry,
 * the entries listing one pack's services counting once (the pack is one choice); else each id of
 * intervention_ids (a pack id among them is one choice).
 */
export function choicesInBooking(selection: {
  readonly interventionIds?: readonly number[] | undefined;
  readonly appointments?: readonly { readonly packId?: number | undefined }[] | undefined;
}): number {
  const entries = selection.appointments ?? [];
  if (entries.length === 0) return selection.interventionIds?.length ?? 0;
  let count = 0;
  for (const [i, entry] of entries.entries()) {
    const samePack = entry.packId !== undefined && entries[i - 1]?.packId === entry.packId;
    if (!samePack) count++;
  }
  return count;
}
