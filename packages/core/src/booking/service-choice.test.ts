import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appointmentCount,
  canAddAppointment,
  choicesInBooking,
  pickedTogether,
  summaryIds,
  toggleService,
} from './service-choice.ts';

const services = [
  { id: 1, name: 'Coupe', interventionset_id: 10 },
  { id: 2, name: 'Coupe', interventionset_id: 10 },
  { id: 3, name: 'Coupe', interventionset_id: 11 },
  { id: 4, name: 'Couleur', interventionset_id: 10 },
  { id: 5, name: 'Coupe ', interventionset_id: 10 },
];

describe('merge_interventions', () => {
  it('rule: services of the same name and category are picked together', () => {
    expect(pickedTogether(1, services, true)).toEqual([1, 2, 5]);
    expect(pickedTogether(3, services, true)).toEqual([3]);
  });

  it('without merging, a service is picked alone', () => {
    expect(pickedTogether(1, services, false)).toEqual([1]);
  });

  it('merged peers count as one appointment and show once in the summary', () => {
    expect(appointmentCount([1, 2, 5, 4], services, true)).toBe(2);
    expect(appointmentCount([1, 2, 5, 4], services, false)).toBe(4);
    expect(summaryIds([1, 2, 5, 4], services, true)).toEqual([1, 4]);
    expect(summaryIds([1, 2], services, false)).toEqual([1, 2]);
  });
});

describe('toggleService', () => {
  it('rule: with a maximum of 1, a new pick replaces the old one', () => {
    expect(toggleService([1], 4, services, { max: 1, merge: false })).toEqual([4]);
  });

  it('rule: below the maximum a pick is added', () => {
    expect(toggleService([1], 4, services, { max: 2, merge: false })).toEqual([1, 4]);
  });

  it('rule: at the maximum a pick is ignored', () => {
    expect(toggleService([1, 4], 3, services, { max: 2, merge: false })).toEqual([1, 4]);
  });

  it('clicking a selected service removes it, with its merged peers', () => {
    expect(toggleService([1, 4], 1, services, { max: 2, merge: false })).toEqual([4]);
    expect(toggleService([1, 2, 5, 4], 2, services, { max: 3, merge: true })).toEqual([4]);
  });

  it('rule: with merging, the group is added and counts once against the maximum', () => {
    expect(toggleService([4], 1, services, { max: 2, merge: true })).toEqual([4, 1, 2, 5]);
    expect(toggleService([], 1, services, { max: 1, merge: true })).toEqual([1, 2, 5]);
  });

  it('property: the selection never exceeds the maximum number of appointments', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        (clicks, max, merge) => {
          let selected: number[] = [];
          for (const id of clicks) {
            selected = toggleService(selected, id, services, { max, merge });
            expect(appointmentCount(selected, services, merge)).toBeLessThanOrEqual(max);
            expect(new Set(selected).size).toBe(selected.length);
          }
        },
      ),
    );
  });
});

describe('canAddAppointment', () => {
  const plain = { videoconference: false, promotions: [] };
  const base = {
    count: 1,
    max: 3,
    modifying: false,
    services: [plain],
    slotPromoted: false,
    governmentRequest: false,
  };

  it('rule: allowed while the count is below the maximum', () => {
    expect(canAddAppointment(base)).toEqual({ allowed: true });
    expect(canAddAppointment({ ...base, count: 3 })).toEqual({ allowed: false, reason: 'max' });
  });

  it('rule: allowed when modifying, even at the maximum', () => {
    expect(canAddAppointment({ ...base, count: 3, modifying: true })).toEqual({ allowed: true });
  });

  it('rule: not with a video-conference service', () => {
    expect(canAddAppointment({ ...base, services: [plain, { videoconference: true }] })).toEqual({
      allowed: false,
      reason: 'videoconference',
    });
  });

  it('rule: not with a promoted service while the slot is promoted', () => {
    const promoted = { videoconference: false, promotions: [{ percent: 20 }] };
    expect(canAddAppointment({ ...base, services: [promoted], slotPromoted: true })).toEqual({
      allowed: false,
      reason: 'promotion',
    });
    expect(canAddAppointment({ ...base, services: [promoted], slotPromoted: false })).toEqual({
      allowed: true,
    });
    expect(canAddAppointment({ ...base, services: [plain], slotPromoted: true })).toEqual({ allowed: true });
  });

  it('rule: not for government-request services', () => {
    expect(canAddAppointment({ ...base, governmentRequest: true })).toEqual({
      allowed: false,
      reason: 'governmentRequest',
    });
    expect(canAddAppointment({ ...base, governmentRequest: true, modifying: true }).allowed).toBe(false);
  });
});

describe('choicesInBooking', () => {
  it('counts each appointments entry, a pack listed item by item once', () => {
    expect(choicesInBooking({ appointments: [{}, {}] })).toBe(2);
    expect(choicesInBooking({ appointments: [{ packId: 7 }] })).toBe(1);
    expect(choicesInBooking({ appointments: [{ packId: 7 }, { packId: 7 }, { packId: 7 }] })).toBe(1);
    expect(choicesInBooking({ appointments: [{ packId: 7 }, {}, { packId: 7 }] })).toBe(3);
    expect(choicesInBooking({ appointments: [{ packId: 7 }, { packId: 8 }] })).toBe(2);
  });

  it('counts intervention_ids when there is no appointments map', () => {
    expect(choicesInBooking({ interventionIds: [1, 2, 3] })).toBe(3);
    expect(choicesInBooking({ interventionIds: [4], appointments: [] })).toBe(1);
    expect(choicesInBooking({})).toBe(0);
  });

  it('never counts more choices than entries, nor fewer than distinct runs of packs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), { maxLength: 12 }),
        (packs) => {
          const entries = packs.map((packId) => ({ packId }));
          const runs = packs.filter((p, i) => p === undefined || p !== packs[i - 1]).length;
          expect(choicesInBooking({ appointments: entries })).toBe(runs);
        },
      ),
    );
  });
});
