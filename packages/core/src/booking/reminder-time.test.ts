import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneOffsets } from '../time/zone-offsets.ts';
import { MAX_REMINDER_LEAD_MINUTES, reminderInstant } from './reminder-time.ts';

const ZONES = ['Europe/Paris', 'America/Sao_Paulo', 'America/New_York', 'Australia/Lord_Howe', 'UTC'];
const minuteOf = (date: Date) => date.getTime() / 60_000;
const wallClock = (date: Date, zone: string) => zoneOffsets(zone).localMinuteOf(minuteOf(date));

describe('reminderInstant', () => {
  it('is the same wall-clock time the day before across the Paris spring and autumn changes', () => {
    // Sunday 29 March 2026, 10:00 CEST; Saturday 10:00 was CET: 23 hours earlier.
    const spring = reminderInstant(new Date('2026-03-29T08:00:00Z'), 24 * 60, 'Europe/Paris');
    expect(spring.toISOString()).toBe('2026-03-28T09:00:00.000Z');
    // Sunday 25 October 2026, 10:00 CET; Saturday 10:00 was CEST: 25 hours earlier.
    const autumn = reminderInstant(new Date('2026-10-25T09:00:00Z'), 24 * 60, 'Europe/Paris');
    expect(autumn.toISOString()).toBe('2026-10-24T08:00:00.000Z');
    // Two hours is two hours of real time, over the change of clock too.
    const early = reminderInstant(new Date('2026-03-29T01:30:00Z'), 120, 'Europe/Paris');
    expect(early.toISOString()).toBe('2026-03-28T23:30:00.000Z');
  });

  it('takes the first instant after a skipped time and the earlier of a repeated one', () => {
    // São Paulo has had no DST since 2019; New York springs forward at 02:00 on 8 March 2026.
    // 02:30 on 8 March does not exist: a reminder 1 day before 02:30 on the 9th goes at 03:00 EDT.
    const gap = reminderInstant(new Date('2026-03-09T06:30:00Z'), 24 * 60, 'America/New_York');
    expect(gap.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // 01:30 on 1 November 2026 happens twice in New York (EDT then EST): the earlier one.
    const twice = reminderInstant(new Date('2026-11-02T06:30:00Z'), 24 * 60, 'America/New_York');
    expect(twice.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // In 2018 São Paulo's clocks jumped from midnight to 01:00 on 4 November.
    const saoPaulo = reminderInstant(new Date('2018-11-05T02:30:00Z'), 24 * 60, 'America/Sao_Paulo');
    expect(saoPaulo.toISOString()).toBe('2018-11-04T03:00:00.000Z');
  });

  it('keeps the wall-clock time for whole days and real time for the rest, in any zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2017, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 }),
        fc.integer({ min: 15, max: MAX_REMINDER_LEAD_MINUTES }),
        (zone, startMinute, lead) => {
          const start = new Date(startMinute * 60_000);
          const at = reminderInstant(start, lead, zone);
          const gap = minuteOf(start) - minuteOf(at);
          // Never after the appointment, and never more than a change of clock away from the lead.
          expect(gap).toBeGreaterThan(0);
          expect(Math.abs(gap - lead)).toBeLessThanOrEqual(60);
          const days = Math.floor(lead / 1440);
          const rest = lead % 1440;
          if (days === 0) expect(gap).toBe(lead);
          else {
            const dayMark = new Date(at.getTime() + rest * 60_000);
            const target = wallClock(start, zone) - days * 1440;
            const instants = zoneOffsets(zone).instantsOf(target);
            // The wall clock reads the same time `days` earlier — or, where that time was skipped,
            // the gap's end.
            if (instants.length > 0) expect(minuteOf(dayMark)).toBe(instants[0]);
            else expect(wallClock(dayMark, zone)).toBeGreaterThan(target);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
