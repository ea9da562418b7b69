/**
 * Booking failures as the visitor reads them (docs/requirements/accounts-and-appointments.md §8 booking errors, docs/requirements/booking-flow.md §8): the server's
 * v3_error.appointment.<key> becomes booking.errors.<key>, with the group's phone, the limit or the
 * per-field vevent errors it carries, and what the page does next (fresh slots, log out, or the next
 * free times the server offers when the time was just taken: docs/booking.md "When the time was just
 * taken").
 */
import type { AvailableSlot } from '../../api/availabletimeslots.ts';
import { ApiError, NetworkError } from '../../api/client.ts';

export const BOOKING_ERROR_KEYS = [
  'availabletimeslots',
  'fiche_not_authorized',
  'max_multirdvs',
  'max_rdv_number',
  'mintime_between',
  'not_open_group',
  'not_open_group_health',
  'same_time_rdv',
  'user_blacklisted',
  'vevent',
] as const;
export type BookingErrorKey = (typeof BOOKING_ERROR_KEYS)[number];

export interface BookingFailure {
  /** A translation key. */
  key: string;
  values?: Record<string, string | number>;
  /** Form errors by field name (core FieldError codes), for vevent and fiche failures. */
  fieldErrors?: Record<string, string>;
  /** The slot was taken meanwhile: show fresh slots. */
  refreshSlots?: boolean;
  /** The slot was taken meanwhile and these later times of the same choices were free just after. */
  nextSlots?: AvailableSlot[];
  /** The session cannot book for this fiche: log out and book again. */
  logout?: boolean;
}

const PREFIX = 'v3_error.appointment.';

/** How many offered times the page shows at most, whatever a server sends. */
const MAX_NEXT_SLOTS = 6;

const isSlot = (value: unknown): value is AvailableSlot => {
  const slot = value as Partial<AvailableSlot> | null;
  return (
    typeof slot?.start === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(slot.start) &&
    typeof slot.time === 'string' &&
    (slot.promotion === null || typeof slot.promotion === 'number')
  );
};

/** The offered times of a slot-taken answer: the well-formed ones, or none. */
function nextSlotsOf(value: unknown): AvailableSlot[] {
  return Array.isArray(value) ? value.filter(isSlot).slice(0, MAX_NEXT_SLOTS) : [];
}

/** The failure of a booking, a change or a fiche save. */
export function bookingFailureOf(error: unknown, options: { logged: boolean }): BookingFailure {
  if (error instanceof NetworkError) return { key: 'messages.genericError' };
  if (!(error instanceof ApiError)) return { key: 'booking.errors.error' };
  const body = (error.body ?? {}) as {
    error?: unknown;
    phone?: unknown;
    max?: unknown;
    minutes?: unknown;
    errors?: unknown;
    next_slots?: unknown;
  };
  const fieldErrors =
    body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)
      ? (Object.fromEntries(
          Object.entries(body.errors as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
        ) as Record<string, string>)
      : undefined;
  if (error.key.startsWith(PREFIX)) {
    const key = error.key.slice(PREFIX.length) as BookingErrorKey;
    if (!(BOOKING_ERROR_KEYS as readonly string[]).includes(key)) return { key: 'booking.errors.error' };
    const values: Record<string, string | number> = {};
    if (typeof body.phone === 'string' && body.phone) values.phone = body.phone;
    if (typeof body.max === 'number') values.max = body.max;
    if (typeof body.minutes === 'number') values.minutes = body.minutes;
    const phoned = (key === 'not_open_group' || key === 'not_open_group_health') && values.phone;
    const nextSlots = key === 'availabletimeslots' ? nextSlotsOf(body.next_slots) : [];
    return {
      key: `booking.errors.${key}${phoned ? 'Phone' : ''}`,
      values,
      ...(key === 'vevent' && fieldErrors ? { fieldErrors } : {}),
      ...(key === 'availabletimeslots' ? { refreshSlots: true } : {}),
      ...(nextSlots.length > 0 ? { nextSlots } : {}),
      ...(key === 'fiche_not_authorized' ? { logout: true } : {}),
    };
  }
  if (error.key === 'formStdError')
    return { key: 'booking.errors.formStdError', ...(fieldErrors ? { fieldErrors } : {}) };
  if (error.key === 'maxFiches') return { key: 'booking.errors.maxFiches' };
  if (error.key === 'idempotencyKeyReused') return { key: 'booking.errors.error' };
  // A 401 or 421 on a logged session: the server's sentence, else expiredConnection (docs/requirements/accounts-and-appointments.md §8).
  if ((error.status === 401 || error.status === 421) && options.logged) {
    return { key: error.key === 'expiredConnection' ? 'messages.expiredConnection' : error.key };
  }
  if (error.key === 'expiredConnection') return { key: 'messages.expiredConnection' };
  if (error.key === 'aptAlreadyCanceled') return { key: 'booking.errors.aptAlreadyCanceled' };
  if (error.key === 'mintimeRDVModifyError') return { key: 'booking.errors.mintimeRDVModifyError' };
  if (error.key === 'editAptError') return { key: 'booking.errors.editAptError' };
  return { key: error.status >= 500 ? 'messages.genericError' : 'booking.errors.error' };
}
