/**
 * The availability engine alone (docs/benchmarks.md, on this machine):
 * - week: a large group — 20 calendars (capacity 2), 5 resources, 5,000 appointments in the week,
 *   5-minute step, a service that needs a resource, "no preference" — 7 days: median ≤ 2 ms;
 * - year: the same group booked solid for a year (1-hour appointments on capacity-1 calendars) but
 *   for one free slot at the end; the first-slot search walks the whole year: median ≤ 20 ms.
 * Each measured call is what a request does: index the schedule, read the selection, index the
 * appointments, search. Only the zone's offset table (per process) is warm.
 */

import { readFileSync } from 'node:fs';
import type {
  AppointmentInput,
  CalendarInput,
  ScheduleInput,
} from '@creneau/core/availability/availability.types';
import { planBooking } from '@creneau/core/availability/booking-plan';
import { indexSchedule } from '@creneau/core/availability/schedule-index';
import { findSlots } from '@creneau/core/availability/slots.engine';
import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { summarize, writeResults } from './results.ts';

const ZONE = 'Europe/Paris';
const MONDAY = '2026-11-23';
const NOW = Date.parse('2026-11-23T06:00:00Z') / 60_000;

/** Deterministic pseudo-random numbers, so every run measures the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function group(capacity: number, hours: [number, number], days: number[]): ScheduleInput {
  const weekly = days.map((weekday) => ({ weekday, startMinute: hours[0], endMinute: hours[1] }));
  const calendars: CalendarInput[] = [];
  for (let id = 1; id <= 20; id++) {
    calendars.push({
      id,
      isResource: false,
      capacity,
      slotStep: 5,
      maxPeriodMinutes: null,
      weekly,
      exceptions: [],
    });
  }
  for (let id = 101; id <= 105; id++) {
    calendars.push({
      id,
      isResource: true,
      capacity: 3,
      slotStep: 5,
      maxPeriodMinutes: null,
      weekly,
      exceptions: [],
    });
  }
  return {
    timeZone: ZONE,
    calendars,
    links: calendars.map((c) => ({ calendarId: c.id, interventionId: 1, duration: null })),
    interventions: [
      {
        id: 1,
        type: 'free',
        length: 30,
        needResource: true,
        onlyPackage: false,
        status: 'opened',
        items: null,
      },
    ],
    promotions: [],
  };
}

/**
 * 5,000 appointments of 15–45 minutes over Monday–Saturday 08:00–20:00 local, a third with a room,
 * in random order (the server passes them ordered by start; both orders are measured).
 */
function busyWeek(): AppointmentInput[] {
  const next = random(42);
  const weekStart = Date.parse(`${MONDAY}T00:00:00+01:00`) / 60_000;
  const out: AppointmentInput[] = [];
  for (let i = 0; i < 5000; i++) {
    const day = Math.floor(next() * 6);
    const start = weekStart + day * 1440 + 8 * 60 + Math.floor(next() * 144) * 5;
    const length = 15 * (1 + Math.floor(next() * 3));
    out.push({
      calendarId: 1 + Math.floor(next() * 20),
      resourceId: next() < 0.33 ? 101 + Math.floor(next() * 5) : null,
      start,
      end: Math.min(start + length, weekStart + day * 1440 + 20 * 60),
    });
  }
  return out;
}

/** Every hour of every weekday for a year on 20 capacity-1 calendars, except 16:00 on the last day. */
function solidYear(): { appointments: AppointmentInput[]; lastDay: string } {
  const out: AppointmentInput[] = [];
  const first = dayOfIsoDate(MONDAY)!;
  let lastDay = '';
  for (let d = 0; d < 364; d++) {
    const date = new Date((first + d) * 86_400_000).toISOString().slice(0, 10);
    const weekday = ((first + d + 3) % 7) + 1;
    if (weekday > 5) continue;
    lastDay = date;
    for (let h = 9; h < 17; h++) {
      // Local hour h: the offset is +01:00 or +02:00 depending on the season.
      const start =
        Date.parse(
          `${date}T${String(h).padStart(2, '0')}:00:00${date >= '2027-03-28' && date < '2027-10-31' ? '+02:00' : '+01:00'}`,
        ) / 60_000;
      for (let c = 1; c <= 20; c++) {
        if (d >= 360 && h === 16 && c === 7) continue;
        out.push({ calendarId: c, resourceId: null, start, end: start + 60 });
      }
    }
  }
  return { appointments: out, lastDay };
}

/**
 * Wall time per call, and CPU time per call (process.cpuUsage): on a machine shared with other work
 * the wall time also counts the moments another process had the core; the CPU time does not.
 */
function measure(label: string, runs: number, work: () => unknown) {
  for (let i = 0; i < 20; i++) work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    work();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const s = summarize(wall);
  const c = summarize(cpu);
  console.log(
    `${label}: median ${s.median.toFixed(3)} ms, p95 ${s.p95.toFixed(3)} ms, p99 ${s.p99.toFixed(3)} ms (n=${s.n}); ` +
      `CPU median ${c.median.toFixed(3)} ms`,
  );
  return { ...s, cpuMedian: c.median, cpuP95: c.p95 };
}

const rules = { minNoticeMinutes: 60, maxPeriodMinutes: 90 * 1440 };

/** `ENGINE_RUNS=3000` for steadier figures (or a profiler). */
const RUNS = Number(process.env.ENGINE_RUNS ?? 1);

const weekGroup = group(2, [8 * 60, 20 * 60], [1, 2, 3, 4, 5, 6]);
const shuffled = busyWeek();
const inStartOrder = [...shuffled].sort((a, b) => a.start - b.start);
let weekSlots = 0;
const weekRun = (appointments: AppointmentInput[]) => () => {
  const schedule = indexSchedule(weekGroup);
  const plan = planBooking(schedule, { interventionIds: [1] });
  const answer = findSlots(schedule, appointments, plan, {
    now: NOW,
    rules,
    startDay: dayOfIsoDate(MONDAY)!,
    days: 7,
  });
  weekSlots = answer.slots.length;
};
const week = measure(
  'week: 20 calendars, 5 resources, 5,000 appointments (in start order, as the server passes them), 7 days',
  500 * RUNS,
  weekRun(inStartOrder),
);
const weekShuffled = measure('week, the same appointments in random order', 500 * RUNS, weekRun(shuffled));
console.log(`  ${weekSlots} slots in the week`);

const yearGroup = group(1, [9 * 60, 17 * 60], [1, 2, 3, 4, 5]);
const { appointments: yearAppointments, lastDay } = solidYear();
let found = '';
const year = measure(`year: first slot after ${yearAppointments.length} appointments`, 100 * RUNS, () => {
  const schedule = indexSchedule(yearGroup);
  const plan = planBooking(schedule, { interventionIds: [1] });
  const answer = findSlots(schedule, yearAppointments, plan, {
    now: NOW,
    rules: { ...rules, maxPeriodMinutes: 366 * 1440 },
    startDay: dayOfIsoDate(MONDAY)!,
    days: 7,
  });
  found = answer.firstSlot ? `${answer.firstSlot.date} ${answer.firstSlot.time}` : 'none';
});
console.log(`  first slot: ${found} (last working day ${lastDay})`);
if (!found.endsWith('16:00')) throw new Error(`the year search found ${found}, expected the free 16:00 slot`);

writeResults('engine', {
  command: 'npm run bench -- engine',
  // Other work on the machine skews wall times: record how busy it was.
  loadAverage: readFileSync('/proc/loadavg', 'utf8').trim(),
  week: { ...week, slots: weekSlots, targetMedianMs: 2, appointments: inStartOrder.length },
  weekRandomOrder: weekShuffled,
  year: { ...year, firstSlot: found, targetMedianMs: 20, appointments: yearAppointments.length },
});
