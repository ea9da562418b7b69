import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarsOfSite,
  capacityOf,
  documentWith,
  draftOf,
  localProblems,
  type PlacesDraft,
  packsPreselecting,
  serviceChoices,
  sortProblems,
  withCalendarsBack,
  withNewCalendar,
  withNewSite,
} from './places-draft.ts';

const document = {
  urlname: 'demo-salon',
  interventions: [
    { externid: 'coupe', name: 'Coupe', length: 60 },
    { externid: 'soin', name: 'Soin', length: 30, need_resource: true },
    { externid: 'vieux', name: 'Vieux', length: 30, deleted: true },
  ],
  packs: [
    { externid: 'rituel', name: 'Rituel', items: [{ intervention: 'coupe', selectedCalendar: 'leonie' }] },
  ],
  calendarsets: [
    {
      externid: 'lyon',
      name: 'Lyon',
      publicname: 'Lyon',
      address: { address: '1 rue', city: 'Lyon', zipcode: '69001', country: 'FR', lat: 45.7, lng: 4.8 },
      translations: { en: { publicname: 'Lyons' } },
    },
  ],
  calendars: [
    {
      externid: 'leonie',
      name: 'Léonie',
      publicname: 'Léonie',
      calendarset: 'lyon',
      capacity: 1,
      weekly: { tue: [['09:00', '19:00']] },
      exceptions: [{ kind: 'closure', from: '2026-12-24T00:00', to: '2026-12-25T00:00' }],
      interventions: [{ intervention: 'coupe', duration: 45 }],
    },
    {
      externid: 'cabine',
      name: 'Cabine',
      publicname: '',
      resource: true,
      interventions: [{ intervention: 'soin' }],
    },
    { externid: 'parti', name: 'Parti', deleted: true },
  ],
};

describe('places draft', () => {
  it('reads sites, calendars and resources, leaving deleted ones out', () => {
    const draft = draftOf(document);
    expect(draft.sites).toEqual([
      {
        externid: 'lyon',
        name: 'Lyon',
        address: '1 rue',
        city: 'Lyon',
        zipcode: '69001',
        country: 'FR',
        added: false,
      },
    ]);
    expect(draft.calendars.map((c) => [c.externid, c.active, c.resource, c.site, c.services])).toEqual([
      ['leonie', true, false, 'lyon', ['coupe']],
      ['cabine', false, true, null, ['soin']],
    ]);
    expect(serviceChoices(document).map((s) => s.externid)).toEqual(['coupe', 'soin']);
  });

  it('writes back an unchanged draft as the very document', () => {
    expect(documentWith(document, draftOf(document))).toEqual(document);
  });

  it('renames, moves, hides and relinks a calendar, keeping hours, exceptions and durations', () => {
    const draft = draftOf(document);
    const leonie = draft.calendars[0] as PlacesDraft['calendars'][number];
    const edited: PlacesDraft = {
      ...draft,
      calendars: [
        { ...leonie, name: 'Léonie M.', active: false, site: null, services: ['coupe', 'soin'] },
        draft.calendars[1]!,
      ],
    };
    const written = documentWith(document, edited) as typeof document;
    expect(written.calendars[0]).toEqual({
      ...document.calendars[0],
      name: 'Léonie M.',
      publicname: '',
      calendarset: null,
      interventions: [{ intervention: 'coupe', duration: 45 }, { intervention: 'soin' }],
    });
    // Turned on again: the public name it had.
    const again = documentWith(document, {
      ...edited,
      calendars: [{ ...edited.calendars[0]!, active: true }, draft.calendars[1]!],
    });
    expect((again as typeof document).calendars[0]?.publicname).toBe('Léonie');
  });

  it('adds a calendar and a site, and removes what the owner removed', () => {
    let draft = withNewSite(document, draftOf(document));
    draft = withNewCalendar(document, draft, false);
    const site = draft.sites[1]!;
    const added = draft.calendars[2]!;
    expect([site.externid, added.externid, added.active]).toEqual(['site', 'calendar', true]);
    draft = {
      sites: [
        { ...site, name: 'Villeurbanne', address: '2 cours', city: 'Villeurbanne', zipcode: '69100' },
        draft.sites[0]!,
      ],
      calendars: [{ ...added, name: 'Hugo', site: 'site', services: ['coupe'] }, draft.calendars[0]!],
    };
    const written = documentWith(document, draft) as unknown as {
      calendarsets: { externid: string; address: unknown }[];
      calendars: { externid: string; publicname?: string; deleted?: boolean }[];
      interventions: { externid: string; need_resource?: boolean }[];
    };
    expect(written.calendarsets.map((s) => s.externid)).toEqual(['lyon', 'site']);
    expect(written.calendarsets[1]?.address).toEqual({
      address: '2 cours',
      city: 'Villeurbanne',
      zipcode: '69100',
      country: 'FR',
    });
    // The cabin is left out (the import marks it deleted); the deleted one stays as it was.
    expect(written.calendars.map((c) => c.externid)).toEqual(['leonie', 'parti', 'calendar']);
    expect(written.calendars[2]).toMatchObject({ name: 'Hugo', publicname: 'Hugo', calendarset: 'site' });
    // No resource serves the care any more: it no longer needs one.
    expect(written.interventions.find((s) => s.externid === 'soin')?.need_resource).toBe(false);
  });

  it('a service a resource is newly linked to needs a resource', () => {
    const draft = draftOf(document);
    const cabine = { ...draft.calendars[1]!, services: ['soin', 'coupe'] };
    const written = documentWith(document, { ...draft, calendars: [draft.calendars[0]!, cabine] }) as {
      interventions: { externid: string; need_resource?: boolean }[];
    };
    expect(written.interventions.find((s) => s.externid === 'coupe')?.need_resource).toBe(true);
    expect(written.interventions.find((s) => s.externid === 'soin')?.need_resource).toBe(true);
  });

  it('puts a calendar the server kept back where it was, the other edits as they are', () => {
    const read = draftOf(document);
    const edited = withNewCalendar(
      document,
      { ...read, calendars: [{ ...read.calendars[1]!, name: 'Cabine A' }] },
      false,
    );
    const back = withCalendarsBack(read, edited, ['calendar:leonie:name']);
    expect(back.calendars.map((c) => [c.externid, c.name])).toEqual([
      ['leonie', 'Léonie'],
      ['cabine', 'Cabine A'],
      ['calendar', ''],
    ]);
  });

  it('knows what blocks a removal', () => {
    const draft = draftOf(document);
    expect(packsPreselecting(document, 'leonie')).toEqual(['Rituel']);
    expect(packsPreselecting(document, 'cabine')).toEqual([]);
    expect(calendarsOfSite(draft, 'lyon').map((c) => c.externid)).toEqual(['leonie']);
  });

  it('checks names and addresses in the browser', () => {
    const draft = withNewCalendar(document, withNewSite(document, draftOf(document)), true);
    draft.sites[1] = { ...draft.sites[1]!, city: 'Lyon', zipcode: '12345678901234567' };
    expect(localProblems(draft)).toEqual([
      { field: 'site:site:name', reason: 'name' },
      { field: 'site:site:address', reason: 'address' },
      { field: 'site:site:zipcode', reason: 'zipcode' },
      { field: 'calendar:resource:name', reason: 'name' },
    ]);
  });

  it('reads, checks and writes how many appointments a calendar takes at once', () => {
    expect(draftOf(document).calendars.map((calendar) => calendar.capacity)).toEqual(['1', '1']);
    expect(['1', ' 12 ', '1000'].map(capacityOf)).toEqual([1, 12, 1000]);
    expect(['', '0', '1001', '2.5', '-3', 'dix'].map(capacityOf)).toEqual(
      Array.from({ length: 6 }, () => undefined),
    );
    const draft = draftOf(document);
    draft.calendars[0] = { ...draft.calendars[0]!, capacity: '0' };
    expect(localProblems(draft)).toEqual([{ field: 'calendar:leonie:capacity', reason: 'capacity' }]);
    draft.calendars[0] = { ...draft.calendars[0]!, capacity: '8' };
    const written = documentWith(document, draft) as typeof document;
    expect(written.calendars[0]).toEqual({ ...document.calendars[0], capacity: 8 });
    // A calendar without a capacity keeps none while it stays at one.
    expect(written.calendars[1]).toEqual(document.calendars[1]);
    const added = withNewCalendar(document, draftOf(document), false);
    added.calendars[2] = { ...added.calendars[2]!, name: 'Cours', capacity: '6' };
    expect((documentWith(document, added) as typeof document).calendars.at(-1)).toMatchObject({
      name: 'Cours',
      capacity: 6,
    });
    expect(sortProblems(document, ['$.calendars[0].capacity: Too big']).fields).toEqual([
      { field: 'calendar:leonie:capacity', reason: 'server' },
    ]);
  });

  it("brings the server's problems back to their fields", () => {
    const sorted = sortProblems(document, [
      '$.calendars[0].name: Too small',
      '$.calendarsets[0].address.zipcode: Too big',
      '$.calendars[cabine]: 2 future appointments are booked on it: move or cancel them first',
      '$.calendars[0].weekly.mon[0]: a range whose start is before its end',
      '$.settings.phone: nope',
    ]);
    expect(sorted.fields).toEqual([
      { field: 'calendar:leonie:name', reason: 'server' },
      { field: 'site:lyon:zipcode', reason: 'server' },
      { field: 'calendar:cabine:name', reason: 'appointments' },
    ]);
    expect(sorted.other).toEqual([
      '$.calendars[0].weekly.mon[0]: a range whose start is before its end',
      '$.settings.phone: nope',
    ]);
  });

  it('any edit of names, sites, flags and links round-trips through the document', () => {
    const services = ['coupe', 'soin'];
    const place = fc.record({
      name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== ''),
      active: fc.boolean(),
      resource: fc.boolean(),
      site: fc.constantFrom(null, 'lyon'),
      services: fc.subarray(services),
      capacity: fc.integer({ min: 1, max: 1000 }).map(String),
    });
    fc.assert(
      fc.property(fc.array(place, { minLength: 2, maxLength: 2 }), (edits) => {
        const draft = draftOf(document);
        const edited: PlacesDraft = {
          ...draft,
          calendars: draft.calendars.map((calendar, i) => ({
            ...calendar,
            ...edits[i]!,
            publicname: edits[i]!.active ? calendar.publicname : '',
          })),
        };
        const read = draftOf(documentWith(document, edited));
        for (const [i, calendar] of read.calendars.entries()) {
          const want = edits[i]!;
          expect(calendar).toMatchObject({
            name: want.name,
            active: want.active,
            resource: want.resource,
            site: want.site,
            capacity: want.capacity,
          });
          expect([...calendar.services].sort()).toEqual([...want.services].sort());
        }
      }),
    );
  });
});
