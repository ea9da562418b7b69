import { describe, expect, it } from 'vitest';
import { byMonth, coversAll, entriesOf, type ListedBlock, lastDayOf } from './absence-entries.ts';

const block = (id: number, calendar: number, over: Partial<ListedBlock> = {}): ListedBlock => ({
  id,
  calendar_id: calendar,
  kind: 'absence',
  starts_local: '2026-12-01T12:00',
  ends_local: '2026-12-01T14:00',
  label: null,
  series: null,
  ...over,
});

describe('entriesOf', () => {
  it('puts the blocks of one occurrence on several calendars together', () => {
    const closure = {
      kind: 'closure' as const,
      starts_local: '2026-12-25T00:00',
      ends_local: '2026-12-26T00:00',
    };
    const entries = entriesOf([
      block(1, 23),
      block(2, 23, closure),
      block(3, 24, closure),
      block(4, 25, closure),
    ]);
    expect(entries.map((e) => [e.ids, e.kind, e.wholeDays])).toEqual([
      [[1], 'absence', false],
      [[2, 3, 4], 'closure', true],
    ]);
    expect(coversAll(entries[1]!, [23, 24, 25])).toBe(true);
    expect(coversAll(entries[0]!, [23, 24, 25])).toBe(false);
    expect(coversAll(entries[0]!, [23])).toBe(false);
    expect(lastDayOf(entries[1]!)).toBe('2026-12-25');
  });

  it('counts the listed dates of a series, and keeps other series apart', () => {
    const entries = entriesOf([
      block(1, 23, { series: 'a' }),
      block(2, 23, { series: 'a', starts_local: '2026-12-08T12:00', ends_local: '2026-12-08T14:00' }),
      block(3, 23, { series: 'b' }),
    ]);
    expect(entries.map((e) => [e.ids, e.seriesSize])).toEqual([
      [[1], 2],
      [[3], 1],
      [[2], 2],
    ]);
  });

  it('groups by month in order', () => {
    const months = byMonth(
      entriesOf([
        block(1, 23),
        block(2, 23, { starts_local: '2027-01-04T09:00', ends_local: '2027-01-04T10:00' }),
        block(3, 23, { starts_local: '2026-12-30T09:00', ends_local: '2026-12-30T10:00' }),
      ]),
    );
    expect(months.map((m) => [m.month, m.entries.map((e) => e.ids[0])])).toEqual([
      ['2026-12', [1, 3]],
      ['2027-01', [2]],
    ]);
  });
});
