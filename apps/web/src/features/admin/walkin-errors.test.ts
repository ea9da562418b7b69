import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import admin from '../../i18n/locales/admin/en.json';
import core from '../../i18n/locales/core/en.json';
import { moveRefusal, refusalsOf } from './walkin-errors.ts';

const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const exists = (key: string) => typeof lookup(core, key) === 'string';
/** Every refusal names an English text (admin keys are relative to "admin"). */
const text = (r: { key: string; core?: true }) =>
  r.core ? lookup(core, r.key) : lookup(admin, `admin.${r.key}`);

const conflict = new ApiError(409, 'v3_error.appointment.availabletimeslots', {
  message: 'v3_error.appointment.availabletimeslots',
});

describe('refusals of a booking from the agenda', () => {
  it('says a taken place on the time field, in words', () => {
    const [refusal] = refusalsOf(conflict, exists);
    expect(refusal).toMatchObject({ field: 'time', key: 'walkin.errors.taken' });
    expect(text(refusal!)).toMatch(/not free/);
  });

  it('puts the customer form refusals on their fields', () => {
    const error = new ApiError(422, 'formStdError', {
      message: 'formStdError',
      errors: { email: 'emailValidator', firstphone: 'somethingNew', city: 'emptyRequiredTextInput' },
    });
    const found = refusalsOf(error, exists);
    expect(found.map((r) => r.field)).toEqual(['email', 'phone']);
    for (const r of found) expect(typeof text(r)).toBe('string');
  });

  it('never shows the validator English of a 400', () => {
    const error = new ApiError(400, 'Invalid body parameter "override_reason": Too small', {});
    expect(refusalsOf(error, exists)).toEqual([{ key: 'walkin.errors.reason', field: 'override' }]);
    const horizon = new ApiError(
      400,
      'Invalid start: outside the booking period (from now to 60 days ahead)',
      {},
    );
    expect(refusalsOf(horizon, exists)[0]?.key).toBe('walkin.errors.horizon');
    const other = new ApiError(400, 'Invalid body parameter "comments": bad', {});
    expect(refusalsOf(other, exists)).toEqual([{ key: 'messages.genericError', core: true }]);
  });

  it('translates known server keys and falls back to a generic text', () => {
    expect(refusalsOf(new ApiError(403, 'forbidden', {}), exists)[0]?.key).toBe('walkin.errors.forbidden');
    expect(refusalsOf(new ApiError(404, 'appointmentNotFound', {}), exists)[0]).toEqual({
      key: 'messages.appointmentNotFound',
      core: true,
    });
    expect(refusalsOf(new ApiError(500, 'v3_error.weird.thing', {}), exists)[0]?.key).toBe(
      'messages.genericError',
    );
    expect(refusalsOf(new Error('offline'), exists)[0]?.key).toBe('walkin.errors.network');
  });

  it('names every refusal with an existing text', () => {
    const errors = [
      conflict,
      new ApiError(422, 'editAptError', {}),
      new ApiError(403, 'forbidden', {}),
      new ApiError(400, 'Invalid body parameter "customer.email": bad', {}),
      new ApiError(400, 'Invalid body parameter "customer.phone": bad', {}),
      new ApiError(422, 'formStdError', { errors: { lastname: 'emptyRequiredTextInput' } }),
    ];
    for (const error of errors)
      for (const r of refusalsOf(error, exists)) expect(typeof text(r)).toBe('string');
  });
});

describe('refusals of a drop', () => {
  it('says a taken place, and a refusal of another kind, in words', () => {
    expect(moveRefusal(conflict, exists)).toEqual({ key: 'drag.taken' });
    expect(text(moveRefusal(conflict, exists))).toMatch(/stays where it was/);
    expect(moveRefusal(new ApiError(409, 'aptAlreadyCanceled', {}), exists)).toEqual({
      key: 'messages.aptAlreadyCanceled',
      core: true,
    });
    expect(moveRefusal(new ApiError(500, 'x.y', {}), exists)).toEqual({ key: 'drag.refused' });
  });
});

describe("the booking pages' person rules", () => {
  it('are said with the core texts and their numbers', () => {
    const max = new ApiError(422, 'v3_error.appointment.max_rdv_number', { error: 'max_rdv_number', max: 4 });
    expect(refusalsOf(max, exists)).toEqual([
      { key: 'booking.errors.max_rdv_number', core: true, values: { max: 4 } },
    ]);
    const twice = new ApiError(409, 'v3_error.appointment.same_time_rdv', { error: 'same_time_rdv' });
    expect(refusalsOf(twice, exists)[0]).toMatchObject({
      field: 'time',
      key: 'booking.errors.same_time_rdv',
    });
    expect(text(moveRefusal(twice, exists))).toMatch(/already has an appointment/);
  });
});
