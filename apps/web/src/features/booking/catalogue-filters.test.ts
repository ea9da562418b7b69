import { describe, expect, it } from 'vitest';
import {
  appointmentGroups,
  bestPromotion,
  calendarsetsToShow,
  calendarsOfSet,
  calendarsToShow,
  categoriesToShow,
  chosenFacts,
  displayName,
  isOffered,
  mergedGroups,
  packItemIds,
  performedIds,
  performedServices,
  resourcesToShow,
  servicesOfCategories,
} from './catalogue-filters.ts';
import { CALENDARS, CALENDARSETS, LINKS, SERVICES, SETS, service } from './test/catalogue.fixture.ts';

const byId = (id: number) => SERVICES.find((s) => s.id === id)!;

describe('what each step offers', () => {
  it('shows the public name, else the name', () => {
    expect(displayName(byId(35))).toBe('Women’s cut');
    expect(displayName(byId(36))).toBe('Coupe homme');
  });

  it('offers a service someone performs, a pack whose items are all performed, never a pack-only service', () => {
    const all = performedServices(LINKS, undefined);
    expect(isOffered(byId(35), all)).toBe(true);
    expect(isOffered(byId(50), all)).toBe(false);
    expect(isOffered(byId(47), all)).toBe(true);
    // At the south site only Inès works: the pack's women's cut is not performed there.
    const south = performedServices(LINKS, calendarsOfSet(CALENDARSETS, 2));
    expect(isOffered(byId(47), south)).toBe(false);
    expect(isOffered(byId(38), south)).toBe(true);
    expect(isOffered({ ...byId(47), status: 'closed' }, all)).toBe(false);
    expect(isOffered({ ...byId(35), deleted: true }, all)).toBe(false);
  });

  it('drops break-time entries from a pack', () => {
    expect(packItemIds(byId(47))).toEqual([38, 41, 35]);
  });

  it('offers the categories holding an offered service, and the services of the chosen categories', () => {
    const south = performedServices(LINKS, calendarsOfSet(CALENDARSETS, 2));
    const offered = SERVICES.filter((s) => isOffered(s, south));
    expect(categoriesToShow(SETS, offered).map((c) => c.id)).toEqual([13, 14]);
    const all = SERVICES.filter((s) => isOffered(s, performedServices(LINKS, undefined)));
    expect(servicesOfCategories(all, SETS, [13]).map((s) => s.id)).toEqual([38, 47]);
    expect(servicesOfCategories(all, SETS, [])).toHaveLength(all.length);
  });

  it('offers the calendars performing every chosen service, in the chosen set, never resources or deleted ones', () => {
    expect(calendarsToShow(CALENDARS, [35, 43], undefined, LINKS).map((c) => c.id)).toEqual([23, 24]);
    expect(calendarsToShow(CALENDARS, [41], undefined, LINKS).map((c) => c.id)).toEqual([23, 25]);
    expect(calendarsToShow(CALENDARS, [41], calendarsOfSet(CALENDARSETS, 2), LINKS).map((c) => c.id)).toEqual(
      [25],
    );
    expect(calendarsToShow(CALENDARS, [38, 35], undefined, LINKS)).toEqual([]);
  });

  it('offers the resources serving every service that needs one, in the chosen set', () => {
    expect(resourcesToShow(CALENDARS, [41], undefined, LINKS).map((r) => r.id)).toEqual([30, 31]);
    expect(resourcesToShow(CALENDARS, [41], calendarsOfSet(CALENDARSETS, 1), LINKS).map((r) => r.id)).toEqual(
      [30],
    );
  });

  it('offers the calendar sets where the chosen services are performed', () => {
    expect(calendarsetsToShow(CALENDARSETS, [38], LINKS).map((s) => s.id)).toEqual([2]);
    expect(calendarsetsToShow(CALENDARSETS, [], LINKS).map((s) => s.id)).toEqual([1, 2]);
  });
});

describe('the chosen services', () => {
  it('merges same-name same-category services into one choice when the group merges', () => {
    const twins = [service(1, { name: 'Consultation' }), service(2, { name: 'Consultation' }), service(3)];
    expect(mergedGroups(twins, true).map((g) => g.map((s) => s.id))).toEqual([[1, 2], [3]]);
    expect(mergedGroups(twins, false)).toHaveLength(3);
    expect(appointmentGroups([1, 3, 2], twins, true)).toEqual([[1, 2], [3]]);
    expect(appointmentGroups([1, 3, 2], twins, false)).toEqual([[1], [3], [2]]);
  });

  it('a pack needs a resource when one of its items does; performed ids expand packs', () => {
    expect(chosenFacts([47], SERVICES)).toEqual([{ skippable_agenda: false, need_resource: true }]);
    expect(chosenFacts([35], SERVICES)).toEqual([{ skippable_agenda: false, need_resource: false }]);
    expect(performedIds([43, 47], SERVICES)).toEqual([43, 38, 41, 35]);
  });

  it('the best promotion of a service', () => {
    expect(bestPromotion(byId(35))).toBe(0);
    const promo = (percent: number) => ({
      id: percent,
      label: '',
      percent,
      from_date: null,
      to_date: null,
      weekdays: null,
      from_time: null,
      to_time: null,
    });
    expect(bestPromotion(service(1, { promotions: [promo(10), promo(25)] }))).toBe(25);
  });
});
