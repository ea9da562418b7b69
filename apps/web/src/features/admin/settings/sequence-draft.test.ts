import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentWith,
  draftOf,
  localProblems,
  moveStep,
  type SequenceDraft,
  STEP_NAMES,
  sortProblems,
} from './sequence-draft.ts';

const sequence = [
  { name: 'interventionset_ids', skip_uniq_choice: false, any: false },
  { name: 'intervention_ids', max_multirdvs: 3, skip_uniq_choice: false, any: false },
  { name: 'calendar_id', skip_uniq_choice: false, any: true, preposition: 'avec' },
];
const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: { locale: 'fr', user_sequence_config: sequence, steps_init: null },
};

const sequenceOf = (doc: unknown) => (doc as typeof document).settings.user_sequence_config;

describe('the booking sequence draft', () => {
  it('lists the configured steps in order, then the others turned off', () => {
    const draft = draftOf(document);
    expect(draft.map((step) => [step.name, step.on])).toEqual([
      ['interventionset_ids', true],
      ['intervention_ids', true],
      ['calendar_id', true],
      ['calendarset_id', false],
      ['resource_id', false],
      ['login', false],
    ]);
    expect(draft[1]?.maxServices).toBe('3');
    expect(draft[2]?.any).toBe(true);
  });

  it('writes back an untouched draft as the same document', () => {
    expect(documentWith(document, draftOf(document))).toEqual(document);
  });

  it('turns "no preference" off and "pick the only choice" on, keeping the preposition', () => {
    const draft = draftOf(document).map((step) =>
      step.name === 'calendar_id' ? { ...step, any: false, skip: true } : step,
    );
    expect(sequenceOf(documentWith(document, draft))[2]).toEqual({
      name: 'calendar_id',
      skip_uniq_choice: true,
      any: false,
      preposition: 'avec',
    });
  });

  it('keeps a stored cap of 0 or none as it was, and writes a changed one', () => {
    const none = {
      ...document,
      settings: { user_sequence_config: [{ name: 'intervention_ids', max_multirdvs: 0 }] },
    };
    const draft = draftOf(none);
    expect(draft[0]?.maxServices).toBe('1');
    expect(sequenceOf(documentWith(none, draft))[0]?.max_multirdvs).toBe(0);
    const two = draft.map((step) =>
      step.name === 'intervention_ids' ? { ...step, maxServices: '2' } : step,
    );
    expect(sequenceOf(documentWith(none, two))[0]?.max_multirdvs).toBe(2);
  });

  it('reads the order of steps_init and writes it out as the sequence', () => {
    const init = {
      ...document,
      settings: { user_sequence_config: sequence, steps_init: ['calendar_id', 'intervention_ids'] },
    };
    const draft = draftOf(init);
    expect(draft.filter((step) => step.on).map((step) => step.name)).toEqual([
      'calendar_id',
      'intervention_ids',
    ]);
    const written = documentWith(init, draft) as typeof init;
    expect(written.settings.steps_init).toBeNull();
    expect(written.settings.user_sequence_config.map((step) => step.name)).toEqual([
      'calendar_id',
      'intervention_ids',
    ]);
    expect(written.settings.user_sequence_config[0]).toMatchObject({ any: true, preposition: 'avec' });
  });

  it('property: moves and toggles give each step at most once, the services step always', () => {
    const action = fc.oneof(
      fc.record({ move: fc.integer({ min: 0, max: 5 }), by: fc.constantFrom(-1, 1) }),
      fc.record({ toggle: fc.constantFrom(...STEP_NAMES) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 20 }), (actions) => {
        let draft: SequenceDraft = draftOf(document);
        for (const act of actions)
          draft =
            'move' in act
              ? moveStep(draft, act.move, act.by)
              : draft.map((step) =>
                  step.name === act.toggle && step.name !== 'intervention_ids'
                    ? { ...step, on: !step.on }
                    : step,
                );
        expect([...draft.map((step) => step.name)].sort()).toEqual([...STEP_NAMES].sort());
        const names = sequenceOf(documentWith(document, draft)).map((step) => step.name);
        expect(new Set(names).size).toBe(names.length);
        expect(names).toContain('intervention_ids');
        expect(names).toEqual(draft.filter((step) => step.on).map((step) => step.name));
      }),
    );
  });

  it('checks the services per booking and brings server problems back to their step', () => {
    const draft = draftOf(document).map((step) =>
      step.name === 'intervention_ids' ? { ...step, maxServices: '11' } : step,
    );
    expect(localProblems(draft)).toEqual(['intervention_ids:maxServices']);
    expect(localProblems(draftOf(document))).toEqual([]);
    expect(
      sortProblems(draftOf(document), [
        '$.settings.user_sequence_config[1].max_multirdvs: Too big',
        '$.settings.user_sequence_config[2].name: step "calendar_id" listed twice',
        '$.settings.user_sequence_config[7].any: odd',
        '$.settings.locale: locale must be one of enabled_locales',
      ]),
    ).toEqual({
      fields: ['intervention_ids:maxServices', 'calendar_id:on'],
      other: [
        '$.settings.user_sequence_config[7].any: odd',
        '$.settings.locale: locale must be one of enabled_locales',
      ],
    });
  });
});
