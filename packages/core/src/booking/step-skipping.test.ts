import { describe, expect, it } from 'vitest';
import { autoPick, isStepSkipped, nextStepIndex, previousStepIndex } from './step-skipping.ts';

const svc = (skippable_agenda = false, need_resource = false) => ({ skippable_agenda, need_resource });
const steps = ['intervention_ids', 'calendarset_id', 'calendar_id', 'resource_id', 'slots'].map((name) => ({
  name: name as never,
}));

describe('autoPick', () => {
  it('rule skip_uniq_choice: a single option is picked', () => {
    expect(autoPick({ skip_uniq_choice: true }, ['only'])).toBe('only');
  });

  it('no pick without skip_uniq_choice, with several options, or with none', () => {
    expect(autoPick({ skip_uniq_choice: false }, ['only'])).toBeNull();
    expect(autoPick({ skip_uniq_choice: true }, ['a', 'b'])).toBeNull();
    expect(autoPick({ skip_uniq_choice: true }, [])).toBeNull();
  });
});

describe('isStepSkipped', () => {
  it('rule skippable_agenda: calendar and calendar-set steps are skipped', () => {
    const context = { services: [svc(true)] };
    expect(isStepSkipped({ name: 'calendar_id' }, context)).toBe(true);
    expect(isStepSkipped({ name: 'calendarset_id' }, context)).toBe(true);
  });

  it('rule skippable_agenda: only when every chosen service is skippable', () => {
    const context = { services: [svc(true), svc(false)] };
    expect(isStepSkipped({ name: 'calendar_id' }, context)).toBe(false);
    expect(isStepSkipped({ name: 'calendarset_id' }, context)).toBe(false);
  });

  it('the agenda steps are asked before any service is chosen', () => {
    expect(isStepSkipped({ name: 'calendar_id' }, { services: [] })).toBe(false);
  });

  it('rule: the calendar-set step is skipped when no sets remain', () => {
    expect(isStepSkipped({ name: 'calendarset_id' }, { services: [], calendarsetCount: 0 })).toBe(true);
    expect(isStepSkipped({ name: 'calendarset_id' }, { services: [], calendarsetCount: 2 })).toBe(false);
  });

  it('rule need_resource: the resource step is skipped when no chosen service needs a resource', () => {
    expect(isStepSkipped({ name: 'resource_id' }, { services: [svc(), svc()] })).toBe(true);
    expect(isStepSkipped({ name: 'resource_id' }, { services: [svc(), svc(false, true)] })).toBe(false);
  });

  it('the resource step is asked when it comes before any service is chosen', () => {
    expect(isStepSkipped({ name: 'resource_id' }, { services: [] })).toBe(false);
  });

  it('other steps are never skipped by these rules', () => {
    for (const name of [
      'interventionset_ids',
      'intervention_ids',
      'login',
      'slots',
      'fiche_info',
      'confirm',
    ] as const) {
      expect(isStepSkipped({ name }, { services: [svc(true)], calendarsetCount: 0 })).toBe(false);
    }
  });
});

describe('nextStepIndex and previousStepIndex', () => {
  it('skip forward over skipped steps', () => {
    expect(nextStepIndex(steps, 0, { services: [svc(true)] })).toBe(4);
    expect(nextStepIndex(steps, 0, { services: [svc(false, true)], calendarsetCount: 0 })).toBe(2);
    expect(nextStepIndex(steps, 2, { services: [svc(false, true)] })).toBe(3);
  });

  it('skip back over skipped steps', () => {
    expect(previousStepIndex(steps, 4, { services: [svc(true)] })).toBe(0);
    expect(previousStepIndex(steps, 4, { services: [svc(false, true)] })).toBe(3);
    expect(previousStepIndex(steps, 3, { services: [svc()], calendarsetCount: 0 })).toBe(2);
  });

  it('stay within the list', () => {
    expect(nextStepIndex(steps, 4, { services: [] })).toBe(4);
    expect(previousStepIndex(steps, 0, { services: [] })).toBe(0);
  });
});
