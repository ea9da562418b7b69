import { describe, expect, it } from 'vitest';
import { applyLookupResults, fixedSteps, lookupConditions, preselectionLookups } from './preselection.ts';
import { parseQueryParams } from './query-params.ts';

const preselect = (query: string) => parseQueryParams(query, { today: '2024-06-15' }).params.preselection;

describe('fixedSteps', () => {
  it('maps each preselection parameter to the step it fixes', () => {
    expect(fixedSteps(preselect('interventionset_ids=1'))).toEqual(new Set(['interventionset_ids']));
    expect(fixedSteps(preselect('intervention_ids=1'))).toEqual(new Set(['intervention_ids']));
    expect(fixedSteps(preselect('pack_id=1'))).toEqual(new Set(['intervention_ids']));
    expect(fixedSteps(preselect('calendarset_id=1'))).toEqual(new Set(['calendarset_id']));
    expect(fixedSteps(preselect('calendar_ids=1,2'))).toEqual(new Set(['calendar_id']));
    expect(fixedSteps(preselect('resource_extern_id=salle'))).toEqual(new Set(['resource_id']));
  });

  it('"0" (no choice) fixes the step too', () => {
    expect(fixedSteps(preselect('calendar_id=0'))).toEqual(new Set(['calendar_id']));
  });

  it('nothing preselected fixes nothing', () => {
    expect(fixedSteps({})).toEqual(new Set());
  });
});

describe('preselectionLookups', () => {
  it('one look-up per parameter, by id or externid, = for one value and in for several', () => {
    expect(
      preselectionLookups(
        preselect('intervention_ids=1,2&calendar_extern_id=anne&resource_id=5&calendar_ids=3'),
      ),
    ).toEqual([
      { param: 'intervention_ids', endpoint: 'interventions', field: 'id', op: 'in', values: [1, 2] },
      { param: 'calendar_id', endpoint: 'calendars', field: 'externid', op: '=', values: ['anne'] },
      { param: 'resource_id', endpoint: 'calendars', resource: true, field: 'id', op: '=', values: [5] },
    ]);
  });

  it('packs are looked up among packs; "no choice" needs no look-up', () => {
    expect(preselectionLookups(preselect('pack_id=9&calendar_id=0'))).toEqual([
      { param: 'pack_id', endpoint: 'pack_interventions', field: 'id', op: '=', values: [9] },
    ]);
  });

  it("lookupConditions writes the spec's conditions parameters", () => {
    const [lookup] = preselectionLookups(preselect('interventionset_extern_ids=a,b'));
    expect(lookupConditions(lookup!).toString()).toBe(
      'conditions%5B0%5D%5Bfield%5D=externid&conditions%5B0%5D%5Bop%5D=in&conditions%5B0%5D%5Bvalue%5D=a%2Cb',
    );
  });
});

describe('applyLookupResults', () => {
  it('replaces externids by the ids found, in the order asked', () => {
    const result = applyLookupResults(preselect('intervention_extern_ids=b,a'), {
      intervention_ids: [
        { id: 1, externid: 'a' },
        { id: 2, externid: 'b' },
      ],
    });
    expect(result).toEqual({ preselection: { intervention_ids: { by: 'id', ids: [2, 1] } }, unverified: [] });
  });

  it('drops a choice when any value was not found', () => {
    const result = applyLookupResults(preselect('intervention_ids=1,2&calendar_id=4'), {
      intervention_ids: [{ id: 1 }],
      calendar_id: [{ id: 4 }],
    });
    expect(result).toEqual({
      preselection: { calendar_id: { by: 'id', ids: [4] } },
      unverified: ['intervention_ids'],
    });
  });

  it('keeps "no choice" without a look-up', () => {
    expect(applyLookupResults(preselect('resource_id=0'), {})).toEqual({
      preselection: { resource_id: { by: 'none' } },
      unverified: [],
    });
  });
});
