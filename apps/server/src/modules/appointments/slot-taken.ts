/**
 * "The time was just taken" with the next free times (docs/booking.md "When the time was just
 * taken"). A booking or a change refused because its start is no longer free — by the engine's
 * re-check under the calendar locks, or by the exclusion constraint — answers 409
 * `v3_error.appointment.availabletimeslots` as always, plus `next_slots`: the next free starts of
 * the same selection, so the visitor can pick again without reloading.
 *
 * Two halves, because the search must run after the refused transaction has rolled back and only
 * where a visitor will read the answer: the services mark the refusal with what was asked
 * (markWanted, nothing is searched yet), and the routes that answer visitors add the times
 * (offeringNextSlots). Callers that turn the refusal into their own error (the waiting list's
 * offer) never pay for a search.
 */
import type { BookingSelection } from '@creneau/core/availability/availability.types';
import type { Scope } from '../../app-context.ts';
import { DomainError } from '../../errors/domain-error.ts';
import { nextFreeSlots } from '../availability/next-slots.service.ts';

/** The refusal's key, unchanged: clients rely on it. */
export const SLOT_TAKEN_KEY = 'v3_error.appointment.availabletimeslots';

/** How many next times the answer offers. */
export const NEXT_SLOTS = 6;

/** What the refused booking or change asked for. */
export interface WantedSlot {
  selection: BookingSelection;
  start: Date;
}

/** The slot-taken refusal carrying what was asked (kept on the server, never sent). */
export class SlotTaken extends DomainError {
  constructor(
    readonly wanted: WantedSlot,
    details: Record<string, unknown>,
  ) {
    super('conflict', SLOT_TAKEN_KEY, { details });
  }
}

export const isSlotTaken = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.key === SLOT_TAKEN_KEY;

/** The same error, or the slot-taken refusal marked with what was asked when `wanted` is known. */
export function markWanted(error: unknown, wanted: WantedSlot | undefined): unknown {
  if (!wanted || !isSlotTaken(error) || error instanceof SlotTaken) return error;
  return new SlotTaken(wanted, error.details);
}

interface Logger {
  warn: (details: object, message: string) => void;
}

/**
 * Runs a booking or a change; a marked slot-taken refusal is answered with the next free times.
 * `work` has ended — its transaction rolled back — when the search runs, so the times are read as
 * they are now. Should the search itself fail, the plain refusal still goes out.
 */
export async function offeringNextSlots<T>(scope: Scope, work: () => Promise<T>, log?: Logger): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SlotTaken)) throw error;
    let next: Awaited<ReturnType<typeof nextFreeSlots>>;
    try {
      next = await nextFreeSlots(scope, {
        selection: error.wanted.selection,
        after: error.wanted.start,
        count: NEXT_SLOTS,
      });
    } catch (searchError) {
      log?.warn({ err: searchError }, 'next free slots not found after a taken slot');
      throw error;
    }
    throw new DomainError('conflict', SLOT_TAKEN_KEY, { details: { ...error.details, next_slots: next } });
  }
}
