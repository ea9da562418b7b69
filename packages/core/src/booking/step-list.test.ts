import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildStepList, maxServicesPerBooking, type StepListGroup } from './step-list.ts';

const group = (extra: Partial<StepListGroup> = {}): StepListGroup => ({
  user_sequence_config: [{ name: 'intervention_ids' }, { name: 'calendar_id' }],
  steps_init: null,
  public_interventionsets: 0,
  public_calendarsets: 0,
  resource_count: 0,
  ...extra,
});
const names = (g: StepListGroup, fixed?: Set<string>) => buildStepList(g, fixed).map((s) => s.name);

describe('buildStepList', () => {
  it('rule: starts from user_sequence_config', () => {
    expect(names(group())).toEqual(['intervention_ids', 'calendar_id', 'slots', 'fiche_info', 'confirm']);
  });

  it('rule: keeps the per-step options of user_sequence_config', () => {
    const steps = buildStepList(
      group({
        user_sequence_config: [
          { name: 'intervention_ids', max_multirdvs: 3, skip_uniq_choice: true },
          { name: 'calendar_id', any: true, preposition: 'avec' },
        ],
      }),
    );
    expect(steps[0]).toEqual({
      name: 'intervention_ids',
      max_multirdvs: 3,
      skip_uniq_choice: true,
      any: false,
      preposition: null,
    });
    expect(steps[1]).toEqual({
      name: 'calendar_id',
      max_multirdvs: null,
      skip_uniq_choice: false,
      any: true,
      preposition: 'avec',
    });
  });

  it('rule: steps_init replaces the sequence order, options still come from user_sequence_config', () => {
    const steps = buildStepList(
      group({
        steps_init: ['calendar_id', 'intervention_ids'],
        user_sequence_config: [{ name: 'intervention_ids' }, { name: 'calendar_id', any: true }],
      }),
    );
    expect(steps.map((s) => s.name)).toEqual([
      'calendar_id',
      'intervention_ids',
      'slots',
      'fiche_info',
      'confirm',
    ]);
    expect(steps[0]!.any).toBe(true);
  });

  it('rule: an empty steps_init falls back to user_sequence_config', () => {
    expect(names(group({ steps_init: [] }))).toEqual(names(group()));
  });

  it('rule: slots, fiche_info and confirm are always appended, once', () => {
    const steps = names(group({ user_sequence_config: [{ name: 'intervention_ids' }] }));
    expect(steps.slice(-3)).toEqual(['slots', 'fiche_info', 'confirm']);
    expect(steps.filter((s) => s === 'slots')).toHaveLength(1);
  });

  it('rule: a step listed twice counts once', () => {
    expect(
      names(group({ user_sequence_config: [{ name: 'intervention_ids' }, { name: 'intervention_ids' }] })),
    ).toEqual(['intervention_ids', 'slots', 'fiche_info', 'confirm']);
  });

  it('rule: steps fixed by the query string are dropped', () => {
    expect(names(group(), new Set(['calendar_id']))).toEqual([
      'intervention_ids',
      'slots',
      'fiche_info',
      'confirm',
    ]);
    expect(names(group(), new Set(['intervention_ids', 'calendar_id']))).toEqual([
      'slots',
      'fiche_info',
      'confirm',
    ]);
  });

  it('rule: fixing the services settles the category; fixing the calendar settles the calendar set', () => {
    const g = group({ public_interventionsets: 2, public_calendarsets: 2 });
    expect(names(g, new Set(['intervention_ids']))).toEqual([
      'calendarset_id',
      'calendar_id',
      'slots',
      'fiche_info',
      'confirm',
    ]);
    expect(names(g, new Set(['calendar_id']))).toEqual([
      'interventionset_ids',
      'intervention_ids',
      'slots',
      'fiche_info',
      'confirm',
    ]);
  });

  it('rule: a category step is added before the services when the group has categories', () => {
    expect(names(group({ public_interventionsets: 1 }))).toEqual([
      'interventionset_ids',
      'intervention_ids',
      'calendar_id',
      'slots',
      'fiche_info',
      'confirm',
    ]);
  });

  it('rule: no category step is added without categories; a configured one stays', () => {
    expect(names(group())).not.toContain('interventionset_ids');
    const configured = group({
      user_sequence_config: [{ name: 'interventionset_ids' }, { name: 'intervention_ids' }],
    });
    expect(names(configured)).toContain('interventionset_ids');
  });

  it('rule: a calendar-set step is added before the calendar step when the group has calendar sets', () => {
    expect(names(group({ public_calendarsets: 1 }))).toEqual([
      'intervention_ids',
      'calendarset_id',
      'calendar_id',
      'slots',
      'fiche_info',
      'confirm',
    ]);
  });

  it('rule: without a calendar step, the calendar-set step goes right after the services', () => {
    const g = group({
      user_sequence_config: [{ name: 'intervention_ids' }, { name: 'resource_id' }],
      public_calendarsets: 1,
      resource_count: 1,
    });
    expect(names(g)).toEqual([
      'intervention_ids',
      'calendarset_id',
      'resource_id',
      'slots',
      'fiche_info',
      'confirm',
    ]);
  });

  it('rule: the resource step is removed when the group has no resources, kept otherwise', () => {
    const config = {
      user_sequence_config: [{ name: 'intervention_ids' as const }, { name: 'resource_id' as const }],
    };
    expect(names(group({ ...config, resource_count: 0 }))).not.toContain('resource_id');
    expect(names(group({ ...config, resource_count: 2 }))).toContain('resource_id');
  });

  it('rule: a login step stays where the sequence has one', () => {
    const g = group({
      user_sequence_config: [{ name: 'login' }, { name: 'intervention_ids' }, { name: 'calendar_id' }],
    });
    expect(names(g)).toEqual(['login', 'intervention_ids', 'calendar_id', 'slots', 'fiche_info', 'confirm']);
    expect(names(group())).not.toContain('login');
  });

  it('decision: a sequence without a services step gets one first', () => {
    expect(names(group({ user_sequence_config: [{ name: 'calendar_id' }] }))).toEqual([
      'intervention_ids',
      'calendar_id',
      'slots',
      'fiche_info',
      'confirm',
    ]);
    expect(names(group({ user_sequence_config: [] }))).toEqual([
      'intervention_ids',
      'slots',
      'fiche_info',
      'confirm',
    ]);
    expect(names(group({ user_sequence_config: [], public_interventionsets: 1 }))).toEqual([
      'interventionset_ids',
      'intervention_ids',
      'slots',
      'fiche_info',
      'confirm',
    ]);
  });

  it('property: the list is unique, ends with the three final steps, and never holds a fixed step', () => {
    const stepName = fc.constantFrom(
      'interventionset_ids' as const,
      'intervention_ids' as const,
      'calendarset_id' as const,
      'calendar_id' as const,
      'resource_id' as const,
      'login' as const,
    );
    fc.assert(
      fc.property(
        fc.array(stepName, { maxLength: 8 }),
        fc.option(fc.array(stepName, { maxLength: 8 })),
        fc.nat(3),
        fc.nat(3),
        fc.nat(3),
        fc.subarray([
          'interventionset_ids',
          'intervention_ids',
          'calendarset_id',
          'calendar_id',
          'resource_id',
        ]),
        (sequence, init, sets, calsets, resources, fixed) => {
          const g = group({
            user_sequence_config: sequence.map((name) => ({ name })),
            steps_init: init,
            public_interventionsets: sets,
            public_calendarsets: calsets,
            resource_count: resources,
          });
          const list = names(g, new Set(fixed));
          expect(new Set(list).size).toBe(list.length);
          expect(list.slice(-3)).toEqual(['slots', 'fiche_info', 'confirm']);
          for (const name of fixed) expect(list).not.toContain(name);
          if (resources === 0) expect(list).not.toContain('resource_id');
          if (!fixed.includes('intervention_ids')) expect(list).toContain('intervention_ids');
          if (sets > 0 && !fixed.includes('intervention_ids') && !fixed.includes('interventionset_ids')) {
            expect(list.indexOf('interventionset_ids')).toBeGreaterThanOrEqual(0);
          }
          if (calsets > 0 && !fixed.includes('calendar_id') && !fixed.includes('calendarset_id')) {
            expect(list).toContain('calendarset_id');
          }
        },
      ),
    );
  });
});

describe('maxServicesPerBooking', () => {
  const config = (max?: number) => ({
    user_sequence_config: [{ name: 'intervention_ids' as const, max_multirdvs: max }],
  });

  it('rule: default maximum is 1', () => {
    expect(maxServicesPerBooking(config())).toBe(1);
    expect(maxServicesPerBooking({ user_sequence_config: [] })).toBe(1);
  });

  it("rule: the services step's max_multirdvs caps services per booking", () => {
    expect(maxServicesPerBooking(config(3))).toBe(3);
  });

  it('rule: max_multirdvs 0 limits services to one', () => {
    expect(maxServicesPerBooking(config(0))).toBe(1);
  });

  it('rule: the max_multirdvs query parameter lowers the step’s cap, never raises it', () => {
    expect(maxServicesPerBooking(config(3), 2)).toBe(2);
    expect(maxServicesPerBooking(config(3), 5)).toBe(3);
    expect(maxServicesPerBooking(config(0), 5)).toBe(1);
    expect(maxServicesPerBooking(config(3), 0)).toBe(1);
    expect(maxServicesPerBooking(config(3), null)).toBe(3);
  });
});
