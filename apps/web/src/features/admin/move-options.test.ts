import { describe, expect, it } from 'vitest';
import {
  choiceOf,
  isCivilDate,
  moveProblem,
  quarterHours,
  wallClockEnd,
  wallClockStart,
  wallMinutes,
} from './move-options.ts';

describe('the move form’s choices', () => {
  it('offers the 96 quarter hours of a day, in order', () => {
    const times = quarterHours();
    expect(times).toHaveLength(96);
    expect(times.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(times.at(-1)).toBe('23:45');
  });

  it('keeps an appointment’s own start when it is not a quarter hour, in its place', () => {
    const times = quarterHours('10:10');
    expect(times).toHaveLength(97);
    expect(times.slice(times.indexOf('10:00'), times.indexOf('10:00') + 3)).toEqual([
      '10:00',
      '10:10',
      '10:15',
    ]);
    expect(quarterHours('10:15')).toHaveLength(96);
    expect(quarterHours('25:00')).toHaveLength(96);
  });

  it('sends the group’s wall clock with seconds', () => {
    expect(wallClockStart({ date: '2026-11-24', time: '09:45' })).toBe('2026-11-24 09:45:00');
  });

  it('reads where an appointment stands', () => {
    expect(choiceOf({ starts_local: '2026-11-24T09:45', calendar_id: 23, intervention_id: 35 })).toEqual({
      date: '2026-11-24',
      time: '09:45',
      calendarId: 23,
      interventionId: 35,
    });
  });

  it('keeps the length on the wall clock, past midnight too', () => {
    expect(wallMinutes('2026-11-24T09:45', '2026-11-24T10:30')).toBe(45);
    expect(wallClockEnd({ date: '2026-11-24', time: '23:30' }, 45)).toBe('2026-11-25T00:15');
    // A DST day changes nothing: wall-clock times in, wall-clock times out.
    expect(wallClockEnd({ date: '2026-03-29', time: '01:30' }, 60)).toBe('2026-03-29T02:30');
  });

  it('refuses an unreal date and the place the appointment already holds', () => {
    const current = { date: '2026-11-24', time: '09:45', calendarId: 23, interventionId: 35 };
    expect(isCivilDate('2026-02-30')).toBe(false);
    expect(isCivilDate('2026-2-3')).toBe(false);
    expect(isCivilDate('2028-02-29')).toBe(true);
    expect(moveProblem({ ...current, date: '2026-02-30' }, current)).toBe('date');
    expect(moveProblem({ ...current, date: '' }, current)).toBe('date');
    expect(moveProblem(current, current)).toBe('unchanged');
    expect(moveProblem({ ...current, calendarId: 24 }, current)).toBeNull();
    expect(moveProblem({ ...current, interventionId: 36 }, current)).toBeNull();
    expect(moveProblem({ ...current, time: '10:00' }, current)).toBeNull();
  });

  it('refuses a start already past on the group’s clock', () => {
    const current = { date: '2026-11-24', time: '09:45', calendarId: 23, interventionId: 35 };
    const now = { date: '2026-11-24', minute: 10 * 60 + 5 };
    expect(moveProblem({ ...current, time: '10:00' }, current, now)).toBe('past');
    expect(moveProblem({ ...current, date: '2026-11-23', time: '18:00' }, current, now)).toBe('past');
    expect(moveProblem({ ...current, time: '10:15' }, current, now)).toBeNull();
    expect(moveProblem({ ...current, date: '2026-11-25', time: '08:00' }, current, now)).toBeNull();
  });
});
