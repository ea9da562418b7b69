/**
 * The server's refusals of a booking or a move as the staff read them (docs/back-office.md
 * "Booking from the agenda"): a place taken, a start in the past, a field the customer form
 * refuses. Each becomes a translation key (with the field it belongs to, when it has one), never
 * the raw key or the validator's English.
 */
import { ApiError } from '../../api/client.ts';

export type WalkInField =
  | 'service'
  | 'time'
  | 'customer'
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'phone'
  | 'override';

export interface Refusal {
  /** A key under the back office's "admin" texts, or with `core` a key of the core texts. */
  key: string;
  core?: true;
  field?: WalkInField;
  values?: Record<string, string | number>;
}

/** The booking pages' person rules (docs/booking.md): their texts are the core's booking errors. */
const PERSON_RULES: Record<string, WalkInField | undefined> = {
  same_time_rdv: 'time',
  mintime_between: 'time',
  max_rdv_number: undefined,
};

function personRule(error: ApiError): Refusal | null {
  const rule = error.key.replace(/^v3_error\.appointment\./, '');
  if (rule === error.key || !(rule in PERSON_RULES)) return null;
  const body = (error.body ?? {}) as { max?: unknown; minutes?: unknown };
  const values: Record<string, number> = {};
  if (typeof body.max === 'number') values.max = body.max;
  if (typeof body.minutes === 'number') values.minutes = body.minutes;
  const field = PERSON_RULES[rule];
  return { key: `booking.errors.${rule}`, core: true, values, ...(field ? { field } : {}) };
}

/** The customer form's field names on the server, as the dialog names them. */
const SERVER_FIELDS: Record<string, WalkInField> = {
  firstname: 'firstname',
  lastname: 'lastname',
  email: 'email',
  firstphone: 'phone',
  phone: 'phone',
};

const FIELD_CODES = new Set([
  'emptyRequiredTextInput',
  'invalidTextInput',
  'invalidDateInput',
  'emailValidator',
]);

/** Every refusal of the form's fields, first the one shown at the top. */
export function refusalsOf(error: unknown, exists: (key: string) => boolean): Refusal[] {
  if (!(error instanceof ApiError)) return [{ key: 'walkin.errors.network' }];
  const key = error.key;
  const rule = personRule(error);
  if (rule) return [rule];
  if (key.endsWith('availabletimeslots') || key === 'aptOverlap')
    return [{ key: 'walkin.errors.taken', field: 'time' }];
  if (key === 'editAptError') return [{ key: 'walkin.errors.past', field: 'time' }];
  if (key === 'formStdError') {
    const details = (error.body as { errors?: unknown }).errors;
    const fields =
      details && typeof details === 'object' && !Array.isArray(details)
        ? Object.entries(details as Record<string, unknown>).flatMap(([name, code]) => {
            const field = SERVER_FIELDS[name];
            if (!field) return [];
            const known = typeof code === 'string' && FIELD_CODES.has(code);
            return [
              known
                ? { field, key: `booking.fieldErrors.${code}`, core: true as const }
                : { field, key: 'walkin.errors.invalid' },
            ];
          })
        : [];
    return fields.length ? fields : [{ key: 'messages.formStdError', core: true }];
  }
  // The schema's own refusals name the field in English: only the field is kept.
  if (error.status === 400) {
    if (key.includes('booking period')) return [{ key: 'walkin.errors.horizon', field: 'time' }];
    if (key.includes('"override_reason"')) return [{ key: 'walkin.errors.reason', field: 'override' }];
    if (key.includes('email'))
      return [{ key: 'booking.fieldErrors.emailValidator', core: true, field: 'email' }];
    if (key.includes('phone')) return [{ key: 'walkin.errors.invalid', field: 'phone' }];
    return [{ key: 'messages.genericError', core: true }];
  }
  if (error.status === 403) return [{ key: 'walkin.errors.forbidden' }];
  if (/^[A-Za-z_]\w*$/.test(key) && exists(`messages.${key}`))
    return [{ key: `messages.${key}`, core: true }];
  return [{ key: 'messages.genericError', core: true }];
}

/** A refused move: the place taken, or whatever else the server said, in words. */
export function moveRefusal(error: unknown, exists: (key: string) => boolean): Refusal {
  if (!(error instanceof ApiError)) return { key: 'walkin.errors.network' };
  const rule = personRule(error);
  if (rule) return rule;
  if (error.status === 409 && (error.key.endsWith('availabletimeslots') || error.key === 'aptOverlap'))
    return { key: 'drag.taken' };
  if (error.key === 'editAptError') return { key: 'walkin.errors.past' };
  if (error.status === 403) return { key: 'walkin.errors.forbidden' };
  if (/^[A-Za-z_]\w*$/.test(error.key) && exists(`messages.${error.key}`))
    return { key: `messages.${error.key}`, core: true };
  return { key: 'drag.refused' };
}
