import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySlotsFailure,
  clearAfter,
  emptySelection,
  parseChoiceId,
  pickCalendars,
  pickCalendarset,
  pickResource,
  pickSlot,
  resourcesIncompatible,
  type StepChoices,
} from './selection.ts';
import type { BookingStepName } from './step-list.ts';

const today = '2024-06-15';
const ctx = { today };
const steps = (
  [
    'interventionset_ids',
    'intervention_ids',
    'calendar_id',
    'resource_id',
    'slots',
    'fiche_info',
    'confirm',
  ] as BookingStepName[]
).map((name) => ({ name }));

const full = (): StepChoices => ({
  interventionset_ids: [1],
  intervention_ids: [10, 11],
  calendarset_id: 5,
  calendar_id: 20,
  calendar_ids: [],
  resource_id: 30,
  start: '2024-07-01',
  slots: '2024-07-01T09:00',
  slot_promotion: 20,
  refresh_slots: false,
  invalid_resources: true,
});

describe('emptySelection', () => {
  it('starts on today, or on the date from the query', () => {
    expect(emptySelection(ctx).start).toBe(today);
    expect(emptySelection({ today, queryDate: '2024-09-01' }).start).toBe('2024-09-01');
    expect(emptySelection(ctx).intervention_ids).toEqual([]);
  });
});

describe('clearAfter', () => {
  it('rule: going back or changing a choice clears the selections after the step', () => {
    const cleared = clearAfter(full(), steps, 1);
    expect(cleared.intervention_ids).toEqual([10, 11]);
    expect(cleared.interventionset_ids).toEqual([1]);
    expect(cleared.calendar_id).toBeNull();
    expect(cleared.resource_id).toBeNull();
    expect(cleared.invalid_resources).toBe(false);
    expect(cleared.slots).toBeNull();
    expect(cleared.slot_promotion).toBeNull();
  });

  it('rule: values fixed by the query string (steps not in the list) are kept', () => {
    // calendarset_id is not a step of this list: it came from the query string.
    expect(clearAfter(full(), steps, 0).calendarset_id).toBe(5);
  });

  it('clears nothing after the last step, everything after index -1', () => {
    expect(clearAfter(full(), steps, steps.length - 1)).toEqual(full());
    const all = clearAfter(full(), steps, -1);
    expect(all.interventionset_ids).toEqual([]);
    expect(all.intervention_ids).toEqual([]);
  });

  it('does not change the start date', () => {
    expect(clearAfter(full(), steps, 0).start).toBe('2024-07-01');
  });
});

describe('parseChoiceId', () => {
  it('rule: "0" means no choice', () => {
    for (const raw of ['0', 0, '', null, undefined, '00']) expect(parseChoiceId(raw)).toBeNull();
  });
  it('ids are positive integers; anything else is invalid', () => {
    expect(parseChoiceId('12')).toBe(12);
    expect(parseChoiceId(12)).toBe(12);
    for (const raw of ['-1', 'x', 1.5, '1e2', -3]) expect(parseChoiceId(raw)).toBeUndefined();
  });
});

describe('pickCalendars', () => {
  const base = () => ({ ...emptySelection(ctx), start: '2024-07-01', slots: '2024-07-01T09:00' });

  it('rule: a single calendar is stored as calendar_id', () => {
    const picked = pickCalendars(base(), [20], ctx);
    expect(picked.calendar_id).toBe(20);
    expect(picked.calendar_ids).toEqual([]);
  });

  it('rule: several calendars are stored as calendar_ids', () => {
    const picked = pickCalendars(base(), [20, 21, 21], ctx);
    expect(picked.calendar_id).toBeNull();
    expect(picked.calendar_ids).toEqual([20, 21]);
  });

  it('rule: 0 means no choice', () => {
    const picked = pickCalendars({ ...base(), calendar_id: 20 }, [0], ctx);
    expect(picked.calendar_id).toBeNull();
    expect(picked.calendar_ids).toEqual([]);
  });

  it('rule: a different choice resets the start date to today and raises the reset flag', () => {
    const picked = pickCalendars(base(), [20], ctx);
    expect(picked.start).toBe(today);
    expect(picked.refresh_slots).toBe(true);
    expect(picked.slots).toBeNull();
  });

  it('rule: the reset goes to the date from the query when there is one', () => {
    expect(pickCalendars(base(), [20], { today, queryDate: '2024-08-01' }).start).toBe('2024-08-01');
  });

  it('rule: the same choice keeps the start date and the slot', () => {
    const chosen = { ...base(), calendar_ids: [21, 20] };
    const picked = pickCalendars(chosen, [20, 21], ctx);
    expect(picked).toEqual(chosen);
  });
});

describe('pickResource and pickCalendarset', () => {
  const base = () => ({ ...emptySelection(ctx), start: '2024-07-01', resource_id: 30, calendarset_id: 5 });

  it('rule: picking a resource stores it; a different one resets the start date', () => {
    const picked = pickResource(base(), 31, ctx);
    expect(picked.resource_id).toBe(31);
    expect(picked.start).toBe(today);
    expect(picked.refresh_slots).toBe(true);
  });

  it('rule: the same resource changes nothing but clears an invalid mark', () => {
    const picked = pickResource({ ...base(), invalid_resources: true }, 30, ctx);
    expect(picked.start).toBe('2024-07-01');
    expect(picked.refresh_slots).toBe(false);
    expect(picked.invalid_resources).toBe(false);
  });

  it('rule: resource 0 means no choice', () => {
    expect(pickResource(base(), 0, ctx).resource_id).toBeNull();
    expect(pickResource(base(), null, ctx).resource_id).toBeNull();
  });

  it('rule: picking a calendar set stores it; a different one resets the start date', () => {
    expect(pickCalendarset(base(), 6, ctx)).toMatchObject({
      calendarset_id: 6,
      start: today,
      refresh_slots: true,
    });
    expect(pickCalendarset(base(), 5, ctx)).toMatchObject({
      calendarset_id: 5,
      start: '2024-07-01',
      refresh_slots: false,
    });
  });
});

describe('slots', () => {
  it('pickSlot stores the slot and its promotion', () => {
    expect(pickSlot(emptySelection(ctx), '2024-07-01T09:00', 15)).toMatchObject({
      slots: '2024-07-01T09:00',
      slot_promotion: 15,
    });
  });

  it('rule: a slots failure clears the slots and marks refresh off', () => {
    const failed = applySlotsFailure(
      { ...full(), refresh_slots: true, invalid_resources: false },
      'Server error',
    );
    expect(failed).toMatchObject({
      slots: null,
      slot_promotion: null,
      refresh_slots: false,
      invalid_resources: false,
    });
  });

  it('rule: an error text containing "Invalid calendar" marks the chosen resources invalid', () => {
    const failed = applySlotsFailure(
      { ...full(), invalid_resources: false },
      'Error: Invalid calendar 12 for intervention',
    );
    expect(failed.invalid_resources).toBe(true);
  });
});

describe('resourcesIncompatible', () => {
  const services = [
    { id: 1, need_resource: true },
    { id: 2, need_resource: true },
    { id: 3, need_resource: false },
  ];

  it('rule: invalid when none of the chosen resources serves every service that needs one', () => {
    expect(resourcesIncompatible([7, 8], services, { 7: [1], 8: [2] })).toBe(true);
    expect(resourcesIncompatible([7, 8], services, { 7: [1], 8: [1, 2] })).toBe(false);
  });

  it('valid when no resource is chosen or no service needs one', () => {
    expect(resourcesIncompatible([], services, {})).toBe(false);
    expect(resourcesIncompatible([7], [{ id: 3, need_resource: false }], {})).toBe(false);
  });
});

describe('property', () => {
  it('clearing after a step never touches the values of that step or earlier ones', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: steps.length - 1 }), (index) => {
        const before = full();
        const after = clearAfter(before, steps, index);
        const keep: Record<string, (keyof StepChoices)[]> = {
          interventionset_ids: ['interventionset_ids'],
          intervention_ids: ['intervention_ids'],
          calendar_id: ['calendar_id', 'calendar_ids'],
          resource_id: ['resource_id'],
          slots: ['slots', 'slot_promotion'],
        };
        for (const step of steps.slice(0, index + 1)) {
          for (const key of keep[step.name] ?? []) expect(after[key]).toEqual(before[key]);
        }
      }),
    );
  });
});
