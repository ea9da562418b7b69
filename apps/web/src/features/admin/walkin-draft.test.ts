import { describe, expect, it } from 'vitest';
import { bookingOf, checkWalkIn, minuteFormat, requiredContactOf, type WalkInDraft } from './walkin-draft.ts';

const draft = (change: Partial<WalkInDraft> = {}): WalkInDraft => ({
  calendarId: 3,
  serviceId: 7,
  date: '2026-11-25',
  time: '09:30',
  mode: 'new',
  picked: null,
  person: { firstname: ' Inès ', lastname: 'Walk', email: '', phone: '' },
  comments: '',
  notify: true,
  reason: '',
  ...change,
});
const optional = { email: false, phone: false };
const fields = (found: { field?: string }[]) => found.map((r) => r.field);

describe('requiredContactOf', () => {
  it("follows the record form's e-mail and first phone", () => {
    expect(requiredContactOf(undefined)).toEqual(optional);
    expect(
      requiredContactOf([
        { name: 'email', required: true },
        { name: 'firstphone', required: false },
      ]),
    ).toEqual({ email: true, phone: false });
    expect(requiredContactOf([{ name: 'firstphone', required: true }])).toEqual({
      email: false,
      phone: true,
    });
  });
});

describe('checkWalkIn', () => {
  it('passes a complete draft', () => {
    expect(checkWalkIn(draft(), optional, false)).toEqual([]);
  });

  it('refuses, in the order of the form, what is missing or unreadable', () => {
    const found = checkWalkIn(
      draft({
        serviceId: null,
        time: '25:00',
        person: { firstname: ' ', lastname: '', email: '', phone: '' },
      }),
      { email: true, phone: true },
      false,
    );
    expect(fields(found)).toEqual(['service', 'time', 'firstname', 'lastname', 'email', 'phone']);
    expect(found[2]).toEqual({
      key: 'booking.fieldErrors.emptyRequiredTextInput',
      core: true,
      field: 'firstname',
    });
    expect(fields(checkWalkIn(draft({ date: '25/11/2026' }), optional, false))).toEqual(['time']);
  });

  it('wants a picked customer in the existing mode, and no new person then', () => {
    const empty = { firstname: '', lastname: '', email: '', phone: '' };
    expect(fields(checkWalkIn(draft({ mode: 'existing', person: empty }), optional, false))).toEqual([
      'customer',
    ]);
    const picked = { fiche_id: 42, firstname: 'A', lastname: 'B', email: null, phone: null };
    expect(checkWalkIn(draft({ mode: 'existing', picked, person: empty }), optional, false)).toEqual([]);
  });

  it('checks a given reason against its bounds, only for those who may override', () => {
    expect(fields(checkWalkIn(draft({ reason: ' ab ' }), optional, true))).toEqual(['override']);
    expect(fields(checkWalkIn(draft({ reason: 'x'.repeat(301) }), optional, true))).toEqual(['override']);
    expect(checkWalkIn(draft({ reason: 'abc' }), optional, true)).toEqual([]);
    expect(checkWalkIn(draft({ reason: 'ab' }), optional, false)).toEqual([]);
  });
});

describe('bookingOf', () => {
  it('sends a new person with the filled fields only, trimmed', () => {
    expect(
      bookingOf(
        draft({ person: { firstname: ' Inès ', lastname: 'Walk', email: ' i@w.fr ', phone: '' } }),
        0,
        false,
      ),
    ).toEqual({
      calendar_id: 3,
      intervention_id: 7,
      start: '2026-11-25 09:30:00',
      customer: { firstname: 'Inès', lastname: 'Walk', email: 'i@w.fr' },
      notify_customer: true,
    });
  });

  it('sends a picked customer by record, the comments and, for those who may, the reason', () => {
    const picked = { fiche_id: 42, firstname: 'A', lastname: 'B', email: null, phone: null };
    const booking = bookingOf(
      draft({ mode: 'existing', picked, comments: ' at the desk ', notify: false, reason: ' urgent ' }),
      0,
      true,
    );
    expect(booking.customer).toEqual({ fiche_id: 42 });
    expect(booking.comments).toBe('at the desk');
    expect(booking.notify_customer).toBe(false);
    expect(booking.override_reason).toBe('urgent');
    expect(bookingOf(draft({ reason: 'urgent' }), 0, false)).not.toHaveProperty('override_reason');
  });

  it("keeps the place's minute when the time cannot be read", () => {
    expect(bookingOf(draft({ time: 'xx' }), 600, false).start).toBe('2026-11-25 10:00:00');
  });
});

describe('minuteFormat', () => {
  it('writes minutes in the language, English for an unknown one', () => {
    expect(minuteFormat('en').format(30)).toBe('30 min');
    expect(minuteFormat('not a language!').format(30)).toBe('30 min');
  });
});
