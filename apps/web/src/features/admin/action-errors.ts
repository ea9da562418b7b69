/**
 * The server's refusal of a move or a cancellation as the staff read it (docs/back-office.md
 * "Appointment detail"): each known key becomes a sentence of admin.move.errors or
 * admin.cancel.errors, with the limit it carries; anything else a general sentence.
 */
import { ApiError } from '../../api/client.ts';
import { usePart } from '../../i18n/i18n.ts';

export interface ActionFailure {
  key: string;
  values?: Record<string, number>;
}

const BOOKING = 'v3_error.appointment.';

/** Why a move was refused. */
export function moveFailureOf(error: unknown): ActionFailure {
  if (!(error instanceof ApiError)) return { key: 'admin.move.errors.generic' };
  const body = (error.body ?? {}) as { max?: unknown; minutes?: unknown };
  if (error.key.startsWith(BOOKING)) {
    switch (error.key.slice(BOOKING.length)) {
      case 'availabletimeslots':
        return { key: 'admin.move.errors.taken' };
      case 'same_time_rdv':
        return { key: 'admin.move.errors.sameTime' };
      case 'max_rdv_number':
        return typeof body.max === 'number'
          ? { key: 'admin.move.errors.maxAppointments', values: { max: body.max } }
          : { key: 'admin.move.errors.rules' };
      case 'mintime_between':
        return typeof body.minutes === 'number'
          ? { key: 'admin.move.errors.gap', values: { minutes: body.minutes } }
          : { key: 'admin.move.errors.rules' };
      default:
        return { key: error.status === 409 ? 'admin.move.errors.taken' : 'admin.move.errors.rules' };
    }
  }
  return commonFailure(error) ?? { key: 'admin.move.errors.generic' };
}

/** Why a cancellation was refused. */
export function cancelFailureOf(error: unknown): ActionFailure {
  if (!(error instanceof ApiError)) return { key: 'admin.cancel.errors.generic' };
  return commonFailure(error) ?? { key: 'admin.cancel.errors.generic' };
}

function commonFailure(error: ApiError): ActionFailure | null {
  if (error.key === 'aptAlreadyCanceled') return { key: 'admin.cancel.errors.alreadyCancelled' };
  if (error.key === 'appointmentNotFound' || error.status === 404)
    return { key: 'admin.move.errors.notFound' };
  if (error.key === 'expiredConnection' || error.status === 401) return { key: 'messages.expiredConnection' };
  if (error.status === 403) return { key: 'admin.move.errors.forbidden' };
  if (error.status === 422 || error.status === 400) return { key: 'admin.move.errors.rules' };
  return null;
}

/** The sentence of a failure in the page's language. */
export function useFailureText() {
  const { t } = usePart('admin');
  return (failure: ActionFailure) => t(failure.key, failure.values);
}
