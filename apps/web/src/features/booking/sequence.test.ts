import type { BookingStep, BookingStepName } from '@creneau/core/booking/step-list';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choose,
  type FlowState,
  furthestReachable,
  goBack,
  initialFlow,
  isPassedOver,
  isReachable,
  nextIndex,
  removeAppointment,
  reorderAppointments,
  serviceEntryIndex,
  servicesAfterPick,
  startChange,
  startEditing,
} from './sequence.ts';

const step = (name: BookingStepName, extra: Partial<BookingStep> = {}): BookingStep => ({
  name,
  max_multirdvs: null,
  skip_uniq_choice: false,
  any: false,
  preposition: null,
  ...extra,
});

/** The salon's sequence: category, services, stylist, then the final steps. */
const STEPS: BookingStep[] = [
  step('interventionset_ids'),
  step('intervention_ids', { max_multirdvs: 3 }),
  step('calendar_id', { any: true }),
  step('resource_id'),
  step('slots'),
  step('fiche_info'),
  step('confirm'),
];
const START = { today: '2026-11-22' };
const plain = { services: [{ skippable_agenda: false, need_resource: false }], logged: false };
const needsRoom = { services: [{ skippable_agenda: false, need_resource: true }], logged: false };

function walk(until: BookingStepName): FlowState {
  let state = initialFlow(START);
  const pick = (name: BookingStepName, change: (s: FlowState) => FlowState['selection']) => {
    const index = STEPS.findIndex((s) => s.name === name);
    state = choose(state, STEPS, index, (s) => ({ selection: change(s) }), plain).state;
  };
  pick('interventionset_ids', (s) => ({ ...s.selection, interventionset_ids: [12] }));
  if (until === 'interventionset_ids') return state;
  pick('intervention_ids', (s) => ({ ...s.selection, intervention_ids: [35] }));
  if (until === 'intervention_ids') return state;
  pick('calendar_id', (s) => ({ ...s.selection, calendar_id: 23 }));
  if (until === 'calendar_id') return state;
  pick('slots', (s) => ({ ...s.selection, slots: '2026-11-24T10:00:00+01:00' }));
  return state;
}

describe('moving through the steps', () => {
  it('a choice moves to the next step, passing over the resource step when nothing needs one', () => {
    const state = walk('calendar_id');
    expect(state.sequence.current).toBe(4);
    expect(state.sequence.done).toEqual(['interventionset_ids', 'intervention_ids', 'calendar_id']);
    expect(state.sequence.ignored).toEqual(['resource_id']);
    expect(isReachable(STEPS, 4, state.sequence)).toBe(true);
    expect(isReachable(STEPS, 5, state.sequence)).toBe(false);
  });

  it('stops at the resource step when a chosen service needs a room', () => {
    expect(nextIndex(STEPS, 2, needsRoom)).toBe(3);
    expect(nextIndex(STEPS, 2, plain)).toBe(4);
  });

  it('passes the login step for a logged-in visitor only', () => {
    expect(isPassedOver(step('login'), { ...plain, logged: true })).toBe(true);
    expect(isPassedOver(step('login'), plain)).toBe(false);
  });

  it('an automatic pick is recorded as ignored (struck through in the step bar)', () => {
    const state = choose(
      initialFlow(START),
      STEPS,
      0,
      (s) => ({ selection: { ...s.selection, interventionset_ids: [12] } }),
      plain,
      { auto: true },
    ).state;
    expect(state.sequence.ignored).toContain('interventionset_ids');
    expect(state.sequence.done).toContain('interventionset_ids');
  });

  it('going back clears the later choices but keeps the step’s own, and trims the ignored list', () => {
    const back = goBack(walk('slots'), STEPS, 1);
    expect(back.selection.intervention_ids).toEqual([35]);
    expect(back.selection.calendar_id).toBeNull();
    expect(back.selection.slots).toBeNull();
    expect(back.sequence.done).toEqual(['interventionset_ids', 'intervention_ids']);
    expect(back.sequence.ignored).toEqual([]);
    expect(back.sequence.went_back).toBe(true);
    // "Next" stays allowed: the services step is still done.
    expect(furthestReachable(STEPS, back.sequence)).toBe(2);
  });

  it('a new choice on an earlier step clears what came after it', () => {
    const state = choose(
      walk('slots'),
      STEPS,
      1,
      (s) => ({ selection: { ...s.selection, intervention_ids: [43] } }),
      plain,
    ).state;
    expect(state.selection.calendar_id).toBeNull();
    expect(state.selection.slots).toBeNull();
    expect(state.sequence.current).toBe(2);
    expect(state.sequence.went_back).toBe(false);
  });

  it('the furthest reachable step follows the done and ignored steps', () => {
    fc.assert(
      fc.property(fc.subarray(STEPS.map((s) => s.name)), (done) => {
        const index = furthestReachable(STEPS, { done, ignored: [] });
        expect(STEPS.slice(0, index).every((s) => done.includes(s.name))).toBe(true);
        expect(index === STEPS.length - 1 || !done.includes(STEPS[index]!.name)).toBe(true);
      }),
    );
  });
});

describe('adding, replacing, removing and reordering appointments', () => {
  it('"add" goes back to the categories keeping the chosen services, and the pick appends', () => {
    const { state, next } = startChange(walk('calendar_id'), STEPS, { kind: 'add' });
    expect(next).toBe(serviceEntryIndex(STEPS));
    expect(next).toBe(0);
    expect(state.selection.intervention_ids).toEqual([35]);
    // A new category keeps the services too while the add is under way.
    const category = choose(
      state,
      STEPS,
      0,
      (s) => ({ selection: { ...s.selection, interventionset_ids: [15] } }),
      plain,
    ).state;
    expect(category.selection.intervention_ids).toEqual([35]);
    expect(category.sequence.pending).toEqual({ kind: 'add' });
    const picked = servicesAfterPick(category.selection.intervention_ids, [43], category.sequence.pending, [
      [35],
    ]);
    expect(picked).toEqual([35, 43]);
    const done = choose(
      category,
      STEPS,
      1,
      (s) => ({ selection: { ...s.selection, intervention_ids: picked } }),
      plain,
    ).state;
    expect(done.sequence.pending).toBeNull();
  });

  it('"replace" puts the pick in the replaced appointment’s place', () => {
    expect(servicesAfterPick([35, 43, 41], [38], { kind: 'replace', index: 1 }, [[35], [43], [41]])).toEqual([
      35, 38, 41,
    ]);
    expect(servicesAfterPick([35], [38], null, [[35]])).toEqual([38]);
  });

  it('replacing never duplicates nor loses another appointment', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 51, max: 60 }),
        fc.nat(),
        (current, picked, at) => {
          const index = at % current.length;
          const groups = current.map((id) => [id]);
          const next = servicesAfterPick(current, [picked], { kind: 'replace', index }, groups);
          expect(next).toHaveLength(current.length);
          expect(next[index]).toBe(picked);
          expect(next.filter((id) => id !== picked)).toEqual(current.filter((_, i) => i !== index));
        },
      ),
    );
  });

  it('removing drops the slot and, when nothing is left, returns to the services', () => {
    const two = { ...walk('slots') };
    two.selection = { ...two.selection, intervention_ids: [35, 43] };
    const one = removeAppointment(two, STEPS, [43]);
    expect(one.selection.intervention_ids).toEqual([35]);
    expect(one.selection.slots).toBeNull();
    expect(one.selection.calendar_id).toBe(23);
    expect(one.sequence.current).toBe(4);
    const none = removeAppointment(one, STEPS, [35]);
    expect(none.selection.intervention_ids).toEqual([]);
    expect(none.sequence.current).toBe(0);
  });

  it('reordering keeps every appointment once, in the new order, and drops the slot', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (ids, a, b) => {
          const groups = ids.map((id) => [id]);
          const from = a % ids.length;
          const to = b % ids.length;
          const state = walk('slots');
          const moved = reorderAppointments(
            { ...state, selection: { ...state.selection, intervention_ids: ids } },
            STEPS,
            groups,
            from,
            to,
          );
          expect([...moved.selection.intervention_ids].sort()).toEqual([...ids].sort());
          expect(moved.selection.intervention_ids[to]).toBe(ids[from]);
          if (from !== to) expect(moved.selection.slots).toBeNull();
        },
      ),
    );
  });
});

describe('edit mode', () => {
  it('preloads the booking, settles the steps before the slots and lands on them', () => {
    const { state, next } = startEditing(START, STEPS, 77, { intervention_ids: [35], calendar_id: 23 }, {});
    expect(next).toBe(4);
    expect(state.sequence.editing).toBe(77);
    expect(state.sequence.done).toEqual([
      'interventionset_ids',
      'intervention_ids',
      'calendar_id',
      'resource_id',
    ]);
    expect(isReachable(STEPS, 4, state.sequence)).toBe(true);
    expect(state.selection.start).toBe('2026-11-22');
  });
});
