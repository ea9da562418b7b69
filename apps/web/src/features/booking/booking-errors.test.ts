import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/client.ts';
import { BOOKING_ERROR_KEYS, bookingFailureOf } from './booking-errors.ts';

const v3 = (key: string, status: number, extra: Record<string, unknown> = {}) =>
  new ApiError(status, `v3_error.appointment.${key}`, {
    message: `v3_error.appointment.${key}`,
    error: key,
    ...extra,
  });

describe('booking failures in the visitor’s words', () => {
  it('maps every v3_error.appointment key to its text', () => {
    for (const key of BOOKING_ERROR_KEYS) {
      expect(bookingFailureOf(v3(key, 409), { logged: false }).key).toBe(`booking.errors.${key}`);
    }
  });

  it('a taken slot asks for fresh slots', () => {
    expect(bookingFailureOf(v3('availabletimeslots', 409), { logged: false })).toMatchObject({
      refreshSlots: true,
    });
  });

  it('a taken slot carries the later times the server offers, well-formed ones only, six at most', () => {
    const slot = (start: string) => ({ start, time: start.slice(11, 16), capacity: 1, promotion: null });
    const offered = Array.from({ length: 8 }, (_, i) => slot(`2026-11-25T1${i}:00:00+01:00`));
    const failure = bookingFailureOf(
      v3('availabletimeslots', 409, { next_slots: [{ start: 'soon' }, ...offered] }),
      { logged: false },
    );
    expect(failure).toMatchObject({ key: 'booking.errors.availabletimeslots', refreshSlots: true });
    expect(failure.nextSlots).toEqual(offered.slice(0, 6));
    // None left (or an older server): back to the slot list, as before.
    expect(
      bookingFailureOf(v3('availabletimeslots', 409, { next_slots: [] }), { logged: false }).nextSlots,
    ).toBeUndefined();
    expect(
      bookingFailureOf(v3('same_time_rdv', 409, { next_slots: offered }), { logged: false }).nextSlots,
    ).toBe(undefined);
  });

  it('a closed group names its phone when it has one, health sector included', () => {
    expect(bookingFailureOf(v3('not_open_group', 403, { phone: '+33 1 23' }), { logged: false })).toEqual({
      key: 'booking.errors.not_open_groupPhone',
      values: { phone: '+33 1 23' },
    });
    expect(bookingFailureOf(v3('not_open_group_health', 403, { phone: null }), { logged: false }).key).toBe(
      'booking.errors.not_open_group_health',
    );
  });

  it('carries the limits and the vevent field errors', () => {
    expect(bookingFailureOf(v3('max_rdv_number', 422, { max: 4 }), { logged: true }).values).toEqual({
      max: 4,
    });
    expect(bookingFailureOf(v3('mintime_between', 422, { minutes: 30 }), { logged: true }).values).toEqual({
      minutes: 30,
    });
    expect(
      bookingFailureOf(v3('vevent', 422, { errors: { str9: 'formatAnts' } }), { logged: false }),
    ).toMatchObject({
      fieldErrors: { str9: 'formatAnts' },
    });
    expect(bookingFailureOf(v3('fiche_not_authorized', 403), { logged: true })).toMatchObject({
      logout: true,
    });
  });

  it('a fiche refused by the form keeps its field errors', () => {
    const error = new ApiError(422, 'formStdError', {
      message: 'formStdError',
      errors: { firstphone: 'format' },
    });
    expect(bookingFailureOf(error, { logged: false })).toEqual({
      key: 'booking.errors.formStdError',
      fieldErrors: { firstphone: 'format' },
    });
  });

  it('a lost connection and an unknown answer fall back to the generic messages', () => {
    expect(bookingFailureOf(new NetworkError(new Error('offline')), { logged: false }).key).toBe(
      'messages.genericError',
    );
    expect(bookingFailureOf(new ApiError(500, 'boom', null), { logged: false }).key).toBe(
      'messages.genericError',
    );
    expect(bookingFailureOf(v3('something_new', 400), { logged: false }).key).toBe('booking.errors.error');
    expect(bookingFailureOf(new Error('?'), { logged: false }).key).toBe('booking.errors.error');
  });

  it('an expired session says so (a logged visitor gets the server’s sentence)', () => {
    expect(bookingFailureOf(new ApiError(401, 'expiredConnection', {}), { logged: true }).key).toBe(
      'messages.expiredConnection',
    );
    expect(bookingFailureOf(new ApiError(421, 'Session moved', {}), { logged: true }).key).toBe(
      'Session moved',
    );
  });
});
