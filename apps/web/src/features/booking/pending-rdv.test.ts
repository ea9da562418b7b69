import { emptySelection } from '@creneau/core/booking/selection';
import type { BookingStep, BookingStepName } from '@creneau/core/booking/step-list';
import { describe, expect, it } from 'vitest';
import { pendingRdvOf, resumePending } from './pending-rdv.ts';

const steps = (
  ['login', 'intervention_ids', 'calendar_id', 'slots', 'fiche_info', 'confirm'] as BookingStepName[]
).map(
  (name): BookingStep => ({
    name,
    max_multirdvs: null,
    skip_uniq_choice: false,
    any: false,
    preposition: null,
  }),
);
const selection = { ...emptySelection({ today: '2026-11-22' }), intervention_ids: [35], calendar_id: 23 };

describe('the pending appointment', () => {
  it('is carried only once something is chosen', () => {
    expect(
      pendingRdvOf('demo-salon', { selection: emptySelection({ today: '2026-11-22' }), itemCalendars: {} }),
    ).toBe(undefined);
    expect(pendingRdvOf('demo-salon', { selection, itemCalendars: {} })).toMatchObject({
      urlname: 'demo-salon',
    });
  });

  it('resumes at the contact details with the slot, every earlier step settled', () => {
    const pending = pendingRdvOf('demo-salon', {
      selection: { ...selection, slots: '2026-11-24T10:00:00+01:00' },
      itemCalendars: {},
    });
    const resumed = resumePending(JSON.parse(JSON.stringify(pending)), 'demo-salon', steps);
    expect(resumed?.next).toBe(4);
    expect(resumed?.state.selection.slots).toBe('2026-11-24T10:00:00+01:00');
    expect(resumed?.state.sequence.done).toEqual(['login', 'intervention_ids', 'calendar_id', 'slots']);
  });

  it('without a slot, resumes after the login step', () => {
    const resumed = resumePending(
      pendingRdvOf('demo-salon', { selection, itemCalendars: {} }),
      'demo-salon',
      steps,
    );
    expect(resumed?.next).toBe(1);
  });

  it('ignores another group’s booking and anything unreadable', () => {
    const pending = pendingRdvOf('demo-salon', { selection, itemCalendars: {} });
    expect(resumePending(pending, 'demo-clinic', steps)).toBeNull();
    expect(
      resumePending(
        { kind: 'creneau.booking', urlname: 'demo-salon', selection: { intervention_ids: ['x'] } },
        'demo-salon',
        steps,
      ),
    ).toBeNull();
    expect(resumePending(null, 'demo-salon', steps)).toBeNull();
    expect(resumePending('{"oops"', 'demo-salon', steps)).toBeNull();
  });
});
