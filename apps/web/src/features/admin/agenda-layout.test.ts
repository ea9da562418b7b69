import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOURS,
  dayList,
  hourRange,
  linkedDate,
  minuteInDay,
  nextPosition,
  nowInZone,
  nowPosition,
  placeInColumn,
  segmentInDay,
  spansByDay,
} from './agenda-layout.ts';

const span = (start: string, end: string, id = 0) => ({ id, starts_local: start, ends_local: end });

describe('day lists', () => {
  it('runs on the civil calendar, across the DST change and the year', () => {
    expect(dayList('2026-10-24', 3)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(dayList('2026-12-31', 2)).toEqual(['2026-12-31', '2027-01-01']);
  });
});

describe('positions on the axis', () => {
  const axis = { start: 8, end: 18 };

  it('places an appointment by its wall-clock times', () => {
    const [placed] = placeInColumn([span('2026-11-25T09:00', '2026-11-25T10:00')], '2026-11-25', axis);
    expect(placed).toMatchObject({ start: 540, end: 600, lane: 0, lanes: 1, top: 10, height: 10 });
  });

  it('clips what starts before the axis or ends after it', () => {
    const [early, late] = placeInColumn(
      [span('2026-11-25T07:00', '2026-11-25T09:00'), span('2026-11-25T17:00', '2026-11-25T19:30')],
      '2026-11-25',
      axis,
    );
    expect(early).toMatchObject({ top: 0, height: 10 });
    expect(late).toMatchObject({ top: 90, height: 10 });
  });

  it('cuts a closure of several days to each day', () => {
    const closure = span('2026-11-24T12:00', '2026-11-26T10:00');
    expect(segmentInDay(closure.starts_local, closure.ends_local, '2026-11-23')).toBeNull();
    expect(segmentInDay(closure.starts_local, closure.ends_local, '2026-11-24')).toEqual({
      start: 720,
      end: 1440,
    });
    expect(segmentInDay(closure.starts_local, closure.ends_local, '2026-11-25')).toEqual({
      start: 0,
      end: 1440,
    });
    expect(segmentInDay(closure.starts_local, closure.ends_local, '2026-11-26')).toEqual({
      start: 0,
      end: 600,
    });
    expect(segmentInDay(closure.starts_local, closure.ends_local, '2026-11-27')).toBeNull();
    // Ending at midnight: not on the next day.
    expect(segmentInDay('2026-11-24T18:00', '2026-11-25T00:00', '2026-11-25')).toBeNull();
  });

  it('draws a very short appointment at least 15 minutes tall', () => {
    const [placed] = placeInColumn([span('2026-11-25T09:00', '2026-11-25T09:05')], '2026-11-25', axis);
    expect(placed?.end).toBe(555);
  });

  it('puts the current time on the axis only inside it', () => {
    expect(nowPosition(13 * 60, axis)).toBe(50);
    expect(nowPosition(7 * 60, axis)).toBeNull();
  });
});

describe('overlapping appointments', () => {
  const axis = { start: 8, end: 18 };

  it('sit side by side, a cluster sharing one lane count', () => {
    const placed = placeInColumn(
      [
        span('2026-11-25T09:00', '2026-11-25T10:00', 1),
        span('2026-11-25T09:30', '2026-11-25T10:30', 2),
        span('2026-11-25T10:00', '2026-11-25T11:00', 3),
        span('2026-11-25T12:00', '2026-11-25T13:00', 4),
      ],
      '2026-11-25',
      axis,
    );
    const byId = new Map(placed.map((p) => [p.item.id, p]));
    expect(byId.get(1)).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.get(2)).toMatchObject({ lane: 1, lanes: 2 });
    // Starts when the first ends: takes its lane back.
    expect(byId.get(3)).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.get(4)).toMatchObject({ lane: 0, lanes: 1 });
  });

  it('three at once take three lanes', () => {
    const placed = placeInColumn(
      [
        span('2026-11-25T09:00', '2026-11-25T11:00', 1),
        span('2026-11-25T09:00', '2026-11-25T09:30', 2),
        span('2026-11-25T09:15', '2026-11-25T10:00', 3),
      ],
      '2026-11-25',
      axis,
    );
    expect(placed.map((p) => [p.item.id, p.lane, p.lanes])).toEqual([
      [1, 0, 3],
      [2, 1, 3],
      [3, 2, 3],
    ]);
  });

  it('back-to-back appointments do not overlap', () => {
    const placed = placeInColumn(
      [span('2026-11-25T09:00', '2026-11-25T09:30'), span('2026-11-25T09:30', '2026-11-25T10:00')],
      '2026-11-25',
      axis,
    );
    expect(placed.map((p) => p.lanes)).toEqual([1, 1]);
  });
});

describe('DST days: the server’s local times are used as they are', () => {
  const axis = { start: 0, end: 24 };

  it('spring forward (23-hour day): 10:00 is drawn at 10:00', () => {
    const [placed] = placeInColumn([span('2026-03-29T10:00', '2026-03-29T11:00')], '2026-03-29', axis);
    expect(placed).toMatchObject({ start: 600, end: 660 });
    expect(placed?.top).toBeCloseTo((600 / 1440) * 100);
  });

  it('an appointment across the skipped hour keeps its wall-clock ends', () => {
    // 01:30 → 03:30 local lasts one real hour on that day; the page draws the wall clock.
    const [placed] = placeInColumn([span('2026-03-29T01:30', '2026-03-29T03:30')], '2026-03-29', axis);
    expect(placed).toMatchObject({ start: 90, end: 210 });
  });

  it('fall back (25-hour day): the repeated hour never yields a negative height', () => {
    // 02:45 (summer time) → 02:15 (winter time): 30 real minutes, ending "earlier" on the clock.
    const [placed] = placeInColumn([span('2026-10-25T02:45', '2026-10-25T02:15')], '2026-10-25', axis);
    expect(placed?.start).toBe(165);
    expect(placed?.end).toBeGreaterThan(165);
    expect(placed?.height).toBeGreaterThan(0);
  });

  it('the axis of a DST day is the hours of its appointments', () => {
    expect(hourRange([span('2026-10-25T09:00', '2026-10-25T17:30')], ['2026-10-25'])).toEqual({
      start: 9,
      end: 18,
    });
  });
});

describe('the hours shown', () => {
  it('default to 7:00–20:00', () => {
    expect(hourRange([], ['2026-11-25'])).toEqual(DEFAULT_HOURS);
  });

  it('widen a short day to six hours', () => {
    expect(hourRange([span('2026-11-25T10:00', '2026-11-25T10:30')], ['2026-11-25'])).toEqual({
      start: 10,
      end: 16,
    });
    expect(hourRange([span('2026-11-25T22:00', '2026-11-25T23:00')], ['2026-11-25'])).toEqual({
      start: 18,
      end: 24,
    });
  });

  it('ignore what falls outside the days shown', () => {
    expect(hourRange([span('2026-11-20T06:00', '2026-11-20T23:00')], ['2026-11-25'])).toEqual(DEFAULT_HOURS);
  });

  it('clip to the day something that began the day before', () => {
    expect(minuteInDay('2026-11-24T22:00', '2026-11-25')).toBe(0);
    expect(minuteInDay('2026-11-26T01:00', '2026-11-25')).toBe(1440);
  });
});

describe('now in the group’s zone', () => {
  it('reads the date and minute in the zone, whatever the browser’s', () => {
    const instant = new Date('2026-11-25T23:30:00Z');
    expect(nowInZone(instant, 'Europe/Paris')).toEqual({ date: '2026-11-26', minute: 30 });
    expect(nowInZone(instant, 'America/New_York')).toEqual({ date: '2026-11-25', minute: 18 * 60 + 30 });
  });
});

describe('arrow keys', () => {
  const columns = [[540, 600], [], [560, 720]];

  it('move in a column and to the nearest in the next one holding appointments', () => {
    expect(nextPosition(columns, { column: 0, index: 0 }, 'ArrowDown')).toEqual({ column: 0, index: 1 });
    expect(nextPosition(columns, { column: 0, index: 1 }, 'ArrowDown')).toBeNull();
    expect(nextPosition(columns, { column: 0, index: 1 }, 'ArrowRight')).toEqual({ column: 2, index: 0 });
    expect(nextPosition(columns, { column: 2, index: 1 }, 'ArrowLeft')).toEqual({ column: 0, index: 1 });
    expect(nextPosition(columns, { column: 2, index: 1 }, 'Home')).toEqual({ column: 2, index: 0 });
    expect(nextPosition(columns, { column: 0, index: 0 }, 'ArrowLeft')).toBeNull();
  });
});

describe('linkedDate', () => {
  it('reads a real date from the address, and nothing else', () => {
    expect(linkedDate('?date=2026-12-08&locale=en')).toBe('2026-12-08');
    for (const search of [
      '',
      '?date=',
      '?date=2026-02-30',
      '?date=08/12/2026',
      '?date=2026-12-08T10:00',
      '?day=2026-12-08',
    ])
      expect(linkedDate(search)).toBeUndefined();
  });
});

describe('spans by day', () => {
  const days = ['2026-03-28', '2026-03-29', '2026-03-30'];
  const local = fc
    .record({
      day: fc.integer({ min: 26, max: 31 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    })
    .map(({ day, minute }) => {
      const hh = String(Math.floor(minute / 60)).padStart(2, '0');
      const mm = String(minute % 60).padStart(2, '0');
      return `2026-03-${day}T${hh}:${mm}`;
    });

  it('gives each day every span that touches it, in their order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(local, local), { maxLength: 40 }), (pairs) => {
        const spans = pairs.map((pair, id) => {
          const [from, to] = [...pair].sort();
          return span(from!, to!, id);
        });
        const byDay = spansByDay(spans, days);
        for (const day of days) {
          const touches = (s: (typeof spans)[number]) =>
            segmentInDay(s.starts_local, s.ends_local, day) !== null;
          expect(byDay.get(day)!.filter(touches)).toEqual(spans.filter(touches));
          // Nothing from another date: a span listed on a day starts on it or crosses into it.
          for (const s of byDay.get(day)!) expect(s.starts_local.slice(0, 10) <= day).toBe(true);
        }
        expect([...byDay.keys()]).toEqual(days);
      }),
    );
  });
});
