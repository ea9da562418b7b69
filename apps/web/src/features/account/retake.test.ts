import { describe, expect, it } from 'vitest';
import { planRetake, type RetakeCatalogue } from './retake.ts';

const catalogue: RetakeCatalogue = {
  interventions: [
    { id: 1, type: 'free', deleted: false, need_resource: false },
    { id: 2, type: 'free', deleted: false, need_resource: true },
    { id: 3, type: 'free', deleted: true, need_resource: false },
    { id: 9, type: 'pack', deleted: false, need_resource: false },
    { id: 4, type: 'free', deleted: false, need_resource: false, status: 'closed' },
  ],
  calendars: [
    { id: 10, deleted: false },
    { id: 11, deleted: true },
  ],
};
const base = {
  id: 77,
  type: 'free' as const,
  pack_id: null,
  intervention_id: 1,
  calendar_id: 10,
  resource: null,
};

describe('planRetake', () => {
  it('preselects the service and the calendar (and the resource) of a single appointment', () => {
    expect(planRetake(base, catalogue)).toEqual({
      ok: true,
      params: { take_apt: '77', intervention_ids: '1', calendar_id: '10' },
    });
    expect(planRetake({ ...base, intervention_id: 2, resource: { id: 5, name: 'Room' } }, catalogue)).toEqual(
      {
        ok: true,
        params: { take_apt: '77', intervention_ids: '2', calendar_id: '10', resource_id: '5' },
      },
    );
  });

  it('refuses when the service, the calendar or a needed resource is missing', () => {
    expect(planRetake({ ...base, intervention_id: 3 }, catalogue)).toEqual({ ok: false });
    expect(planRetake({ ...base, intervention_id: 4 }, catalogue)).toEqual({ ok: false });
    expect(planRetake({ ...base, intervention_id: 99 }, catalogue)).toEqual({ ok: false });
    expect(planRetake({ ...base, calendar_id: 11 }, catalogue)).toEqual({ ok: false });
    expect(planRetake({ ...base, intervention_id: 2 }, catalogue)).toEqual({ ok: false });
  });

  it('preselects a pack by its id, whatever its items calendars', () => {
    const pack = { ...base, type: 'first' as const, pack_id: 9, calendar_id: 11 };
    expect(planRetake(pack, catalogue)).toEqual({ ok: true, params: { take_apt: '77', pack_id: '9' } });
    expect(planRetake({ ...pack, pack_id: 1 }, catalogue)).toEqual({ ok: false });
  });
});
