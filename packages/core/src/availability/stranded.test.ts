import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fits, type HeldAppointment, strandedBy } from './stranded.ts';
import { at, calendar, exception, resource, schedule, service } from './test/builders.ts';

// 2026-12-01 is a Tuesday; Paris is UTC+1 then.
const held = (from: string, to: string, options: Partial<HeldAppointment> = {}): HeldAppointment => ({
  id: 1,
  calendarId: 1,
  resourceId: null,
  interventionId: 10,
  start: at(from),
  end: at(to),
  ...options,
});
const group = (options: Parameters<typeof calendar>[1] = {}, links: [number, number][] = [[1, 10]]) =>
  schedule({ calendars: [calendar(1, options), resource(2)], services: [service(10, 30)], links });

describe('fits', () => {
  const tuesday = held('2026-12-01T09:00:00Z', '2026-12-01T09:30:00Z'); // 10:00 local

  it('an appointment inside the hours fits', () => {
    expect(fits(group(), tuesday)).toBe(true);
  });
  it('is stranded by hours that no longer cover it, a closed day, a removed calendar or link', () => {
    expect(fits(group({ hours: { 'mon-sun': '10:15-12:00' } }), tuesday)).toBe(false);
    expect(fits(group({ hours: { 'mon-sun': '09:00-10:15' } }), tuesday)).toBe(false);
    expect(
      fits(group({ exceptions: [exception('closure', '2026-12-01T00:00', '2026-12-02T00:00')] }), tuesday),
    ).toBe(false);
    expect(fits(schedule({ calendars: [], services: [service(10, 30)], links: [] }), tuesday)).toBe(false);
    expect(fits(group({}, []), tuesday)).toBe(false);
  });
  it('an extra opening on a closed day makes it fit', () => {
    const closed = { hours: { 'mon-sun': '' } };
    expect(fits(group(closed), tuesday)).toBe(false);
    const opened = { ...closed, exceptions: [exception('opening', '2026-12-01T09:00', '2026-12-01T12:00')] };
    expect(fits(group(opened), tuesday)).toBe(true);
  });
  it('needs its resource live and open too', () => {
    expect(fits(group(), { ...tuesday, resourceId: 2 })).toBe(true);
    expect(fits(group(), { ...tuesday, resourceId: 3 })).toBe(false);
  });
  it('an appointment running past midnight fits hours that run to 24:00 and on from 00:00', () => {
    const late = held('2026-12-01T22:30:00Z', '2026-12-01T23:30:00Z'); // 23:30 → 00:30 local
    expect(fits(group({ hours: { 'mon-sun': '00:00-01:00 22:00-24:00' } }), late)).toBe(true);
    expect(fits(group({ hours: { 'mon-sun': '22:00-24:00' } }), late)).toBe(false);
  });
});

describe('strandedBy', () => {
  it('lists what fitted before and not after, never what never fitted', () => {
    const before = group({ hours: { 'mon-sun': '09:00-12:00' } });
    const after = group({ hours: { 'mon-sun': '09:00-10:00' } });
    const morning = held('2026-12-01T08:00:00Z', '2026-12-01T08:30:00Z', { id: 1 }); // 09:00 local
    const late = held('2026-12-01T10:00:00Z', '2026-12-01T10:30:00Z', { id: 2 }); // 11:00 local
    const evening = held('2026-12-01T18:00:00Z', '2026-12-01T18:30:00Z', { id: 3 }); // 19:00 local
    expect(strandedBy(before, after, [morning, late, evening]).map((a) => a.id)).toEqual([2]);
  });

  it('a range shrunk from [s, e) to [s2, e2) strands exactly the appointments that leave it', () => {
    const minute = fc.integer({ min: 0, max: 24 * 4 }).map((q) => q * 15);
    const range = fc.tuple(minute, minute).filter(([a, b]) => a < b);
    const clock = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(range, range, range, ([s, e], [s2, e2], [a, b]) => {
        const before = group({ hours: { 'mon-sun': `${clock(s)}-${clock(e)}` } });
        const after = group({ hours: { 'mon-sun': `${clock(s2)}-${clock(e2)}` } });
        // Local 00:00 of 2026-12-01 is 23:00 UTC the day before.
        const base = at('2026-11-30T23:00:00Z');
        const appointment = {
          ...held('2026-12-01T00:00:00Z', '2026-12-01T00:01:00Z'),
          start: base + a,
          end: base + b,
        };
        const expected = s <= a && b <= e && !(s2 <= a && b <= e2);
        expect(strandedBy(before, after, [appointment]).length === 1).toBe(expected);
      }),
    );
  });
});
