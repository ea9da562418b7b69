import { describe, expect, it } from 'vitest';
import {
  dayProblems,
  documentWith,
  draftOf,
  endMinute,
  fieldOfProblem,
  localProblems,
  type RangeDraft,
  sortProblems,
} from './hours-draft.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  calendars: [
    {
      externid: 'leonie',
      name: 'Léonie',
      capacity: 1,
      weekly: {
        tue: [
          ['09:30', '12:30'],
          ['13:30', '19:00'],
        ],
        sun: [],
        sat: [['20:00', '24:00']],
      },
      exceptions: [{ kind: 'closure', from: '2026-12-24T17:00', to: '2026-12-27T00:00' }],
    },
    { externid: 'hugo', name: 'Hugo', weekly: { wed: [['13:30', '19:00']] } },
    { externid: 'gone', name: 'Gone', deleted: true },
  ],
};

const range = (key: string, from: string, to: string): RangeDraft => ({ key, from, to });

describe('draft and document', () => {
  it('reads every calendar not deleted, each weekday, midnight as 00:00', () => {
    const draft = draftOf(document);
    expect(draft.map((c) => c.externid)).toEqual(['leonie', 'hugo']);
    expect(draft[0]?.days.tue.map((r) => [r.from, r.to])).toEqual([
      ['09:30', '12:30'],
      ['13:30', '19:00'],
    ]);
    expect(draft[0]?.days.sat.map((r) => r.to)).toEqual(['00:00']);
    expect(draft[0]?.days.mon).toEqual([]);
  });

  it('writes back what was read without a change, even an empty day', () => {
    expect(documentWith(document, draftOf(document))).toEqual(document);
  });

  it('writes the changed days only, dropping a day left without ranges', () => {
    const draft = draftOf(document);
    const leonie = draft[0] as (typeof draft)[0];
    leonie.days.tue = [range('a', '09:30', '12:30')];
    leonie.days.mon = [range('b', '10:00', '00:00')];
    const hugo = draft[1] as (typeof draft)[0];
    hugo.days.wed = [];
    const next = documentWith(document, draft) as typeof document;
    expect(next.calendars[0]?.weekly).toEqual({
      tue: [['09:30', '12:30']],
      sun: [],
      sat: [['20:00', '24:00']],
      mon: [['10:00', '24:00']],
    });
    expect(next.calendars[0]?.exceptions).toEqual(document.calendars[0]?.exceptions);
    expect(next.calendars[1]?.weekly).toEqual({});
    expect(next.calendars[2]).toEqual(document.calendars[2]);
  });
});

describe('checks in the browser', () => {
  it('reads midnight as the end of the day', () => {
    expect(endMinute('00:00')).toBe(1440);
    expect(endMinute('24:00')).toBe(1440);
    expect(endMinute('9:00')).toBeNull();
  });

  it('needs an end after the start, readable times, and no overlap', () => {
    const problems = dayProblems([
      range('a', '09:00', '12:00'),
      range('b', '11:30', '14:00'),
      range('c', '15:00', '15:00'),
      range('d', '', '16:00'),
      range('e', '16:00', ''),
      range('f', '12:00', '13:00'),
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      b: 'overlap',
      c: 'order',
      d: 'from',
      e: 'to',
      f: 'overlap',
    });
    expect(dayProblems([range('a', '09:00', '12:00'), range('b', '12:00', '00:00')]).size).toBe(0);
  });

  it('lists problems in form order and focuses the faulty time', () => {
    const draft = draftOf(document);
    (draft[1] as (typeof draft)[0]).days.wed = [range('z', '19:00', '13:30')];
    const found = localProblems(draft);
    expect(found).toEqual([{ calendar: 'hugo', day: 'wed', key: 'z', problem: 'order' }]);
    expect(fieldOfProblem(found[0] as (typeof found)[0])).toBe('hugo:wed:z:to');
  });
});

describe('problem paths to ranges', () => {
  it('finds the range by calendar index, weekday and position', () => {
    const draft = draftOf(document);
    const second = draft[0]?.days.tue[1]?.key;
    const sorted = sortProblems(document, draft, [
      '$.calendars[0].weekly.tue[1][0]: Invalid string',
      '$.calendars[0].capacity: Too small',
      '$.calendars[7].weekly.tue[0]: nowhere',
    ]);
    expect(sorted.ranges).toEqual([{ calendar: 'leonie', day: 'tue', key: second, problem: 'from' }]);
    expect(sorted.other).toEqual([
      '$.calendars[0].capacity: Too small',
      '$.calendars[7].weekly.tue[0]: nowhere',
    ]);
  });
});
