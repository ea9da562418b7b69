import { describe, expect, it } from 'vitest';
import { stepBar } from './step-bar.ts';
import type { BookingStepName } from './step-list.ts';

const steps = (
  ['intervention_ids', 'calendar_id', 'resource_id', 'slots', 'fiche_info', 'confirm'] as BookingStepName[]
).map((name) => ({ name }));
const none = () => false;
const states = (bar: ReturnType<typeof stepBar>) => bar.items.map((i) => i.state);

describe('stepBar', () => {
  it('rule: appears after the first step and not on the confirm step', () => {
    expect(stepBar(steps, { current: 0, nextAllowed: false, editing: false, isBlocked: none }).visible).toBe(
      false,
    );
    expect(stepBar(steps, { current: 1, nextAllowed: false, editing: false, isBlocked: none }).visible).toBe(
      true,
    );
    expect(stepBar(steps, { current: 5, nextAllowed: false, editing: false, isBlocked: none }).visible).toBe(
      false,
    );
  });

  it('rule: numbered; earlier steps clickable; later steps disabled', () => {
    const bar = stepBar(steps, { current: 2, nextAllowed: false, editing: false, isBlocked: none });
    expect(bar.items.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(states(bar)).toEqual(['done', 'done', 'current', 'disabled', 'disabled', 'disabled']);
    expect(bar.items.map((i) => i.clickable)).toEqual([true, true, false, false, false, false]);
  });

  it('rule: the next step is clickable when next is allowed', () => {
    const bar = stepBar(steps, { current: 1, nextAllowed: true, editing: false, isBlocked: none });
    expect(states(bar)).toEqual(['done', 'current', 'next', 'disabled', 'disabled', 'disabled']);
  });

  it('rule: blocked steps are shown struck through, and next jumps over them', () => {
    const bar = stepBar(steps, { current: 1, nextAllowed: true, editing: false, isBlocked: (i) => i === 2 });
    expect(states(bar)).toEqual(['done', 'current', 'blocked', 'next', 'disabled', 'disabled']);
    expect(bar.items[2]!.clickable).toBe(false);
  });

  it('rule: in edit mode the steps before slots are locked', () => {
    const bar = stepBar(steps, { current: 4, nextAllowed: false, editing: true, isBlocked: none });
    expect(states(bar)).toEqual(['locked', 'locked', 'locked', 'done', 'current', 'disabled']);
    expect(bar.items.filter((i) => i.clickable).map((i) => i.name)).toEqual(['slots']);
  });
});
