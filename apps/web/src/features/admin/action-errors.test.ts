import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/client.ts';
import { cancelFailureOf, moveFailureOf } from './action-errors.ts';

const refusal = (status: number, key: string, body: Record<string, unknown> = {}) =>
  new ApiError(status, key, { message: key, ...body });

describe('a refused move', () => {
  it('says the place is taken', () => {
    expect(moveFailureOf(refusal(409, 'v3_error.appointment.availabletimeslots'))).toEqual({
      key: 'admin.move.errors.taken',
    });
  });

  it('carries the customer’s limits', () => {
    expect(moveFailureOf(refusal(422, 'v3_error.appointment.max_rdv_number', { max: 3 }))).toEqual({
      key: 'admin.move.errors.maxAppointments',
      values: { max: 3 },
    });
    expect(moveFailureOf(refusal(422, 'v3_error.appointment.mintime_between', { minutes: 60 }))).toEqual({
      key: 'admin.move.errors.gap',
      values: { minutes: 60 },
    });
    expect(moveFailureOf(refusal(409, 'v3_error.appointment.same_time_rdv')).key).toBe(
      'admin.move.errors.sameTime',
    );
    expect(moveFailureOf(refusal(422, 'v3_error.appointment.max_multirdvs')).key).toBe(
      'admin.move.errors.rules',
    );
  });

  it('names a calendar the member does not work on, a vanished or cancelled appointment', () => {
    expect(moveFailureOf(refusal(403, 'forbidden')).key).toBe('admin.move.errors.forbidden');
    expect(moveFailureOf(refusal(404, 'appointmentNotFound')).key).toBe('admin.move.errors.notFound');
    expect(moveFailureOf(refusal(409, 'aptAlreadyCanceled')).key).toBe(
      'admin.cancel.errors.alreadyCancelled',
    );
    expect(moveFailureOf(refusal(401, 'expiredConnection')).key).toBe('messages.expiredConnection');
  });

  it('falls back on a general sentence, never the raw key', () => {
    expect(moveFailureOf(new NetworkError(null)).key).toBe('admin.move.errors.generic');
    expect(moveFailureOf(refusal(500, 'Internal Server Error')).key).toBe('admin.move.errors.generic');
  });
});

describe('a refused cancellation', () => {
  it('says it was cancelled already', () => {
    expect(cancelFailureOf(refusal(409, 'aptAlreadyCanceled')).key).toBe(
      'admin.cancel.errors.alreadyCancelled',
    );
    expect(cancelFailureOf(refusal(500, 'boom')).key).toBe('admin.cancel.errors.generic');
  });
});
