/**
 * A slow, obviously-correct availability reference, minute by minute, for cross-checking the engine.
 * It shares no code with the engine: wall clocks come from Intl for every single minute, open time
 * and occupancy are evaluated per minute, and the chain is expanded from the raw input.
 *
 * Definitions (the engine's rules, written out naively):
 * - minute u of calendar c is open when its local date-time is in a weekly range of its weekday or
 *   in an opening exception, and in no closure/absence; left(c, u) = open ? max(0, capacity − #
 *   appointments on c covering u) : 0.
 * - u is on c's grid when its local time is s + k·step within a weekly range [s, e) of its weekday,
 *   or its local date-time is A + k·step within an opening exception [A, B).
 * - an item of duration d fits on c at s with min(left(c, u), u ∈ [s, s + d)).
 * - capacity of the chain from item k at s: per distinct duration d of item k, the sum of the fits
 *   of its calendars taking d (on their grid when k = 0), limited by the sum over its resources when
 *   it needs one and by the capacity of the rest of the chain at s + d + pause; summed over d.
 */
import { intlWallParts } from '../../time/test/intl-wall.ts';
import type { AppointmentInput, BookingRules, ScheduleInput } from '../availability.types.ts';

export interface ReferenceSelection {
  interventionIds: number[];
  calendarId?: number;
  calendarIds?: number[];
  resourceId?: number;
}

export interface ReferenceSlot {
  start: number;
  date: string;
  time: string;
  capacity: number;
  promotion: number | null;
}

interface Wall {
  date: string;
  minute: number;
  /** Local minutes since 1970-01-01 00:00 local (date as UTC midnight + minute). */
  local: number;
  weekday: number;
}

const walls = new Map<string, Map<number, Wall>>();

/** Wall clock of instant u (epoch minutes) in `zone`, straight from Intl (memoised). */
export function wallClock(zone: string, u: number): Wall {
  let byMinute = walls.get(zone);
  if (!byMinute) {
    byMinute = new Map();
    walls.set(zone, byMinute);
  }
  const known = byMinute.get(u);
  if (known) return known;
  const parts = intlWallParts(zone, u);
  const minute = parts.hour * 60 + parts.minute;
  const [year, month, day] = parts.date.split('-').map(Number) as [number, number, number];
  const wall: Wall = {
    date: parts.date,
    minute,
    local: Date.UTC(year, month - 1, day) / 60_000 + minute,
    weekday: parts.weekday,
  };
  if (byMinute.size > 2_000_000) byMinute.clear();
  byMinute.set(u, wall);
  return wall;
}

const localOf = (text: string) => Date.parse(`${text.replace(' ', 'T').slice(0, 16)}:00Z`) / 60_000;

interface RefItem {
  options: { calendar: number; duration: number }[];
  needResource: boolean;
  resources: number[];
  breakAfter: number;
}

/** The chain of a selection, or 'invalid' when an explicit choice cannot be honoured. */
export function referenceChain(input: ScheduleInput, selection: ReferenceSelection): RefItem[] | 'invalid' {
  const calendar = (id: number) => input.calendars.find((c) => c.id === id);
  const link = (c: number, s: number) =>
    input.links.find((l) => l.calendarId === c && l.interventionId === s);
  const items: RefItem[] = [];
  const add = (serviceId: number, breakAfter: number, preselected: number | null): boolean => {
    const service = input.interventions.find((i) => i.id === serviceId)!;
    let calendars = input.calendars.filter((c) => !c.isResource && link(c.id, serviceId)).map((c) => c.id);
    if (selection.calendarId !== undefined) {
      if (!calendars.includes(selection.calendarId)) return false;
      calendars = [selection.calendarId];
    } else if (selection.calendarIds?.length) {
      if (selection.calendarIds.some((id) => !calendar(id) || calendar(id)!.isResource)) return false;
      calendars = calendars.filter((id) => selection.calendarIds!.includes(id));
      if (calendars.length === 0) return false;
    } else if (preselected !== null && calendars.includes(preselected)) {
      calendars = [preselected];
    }
    let resources: number[] = [];
    if (selection.resourceId !== undefined && !calendar(selection.resourceId)?.isResource) return false;
    if (service.needResource) {
      resources = input.calendars.filter((c) => c.isResource && link(c.id, serviceId)).map((c) => c.id);
      if (selection.resourceId !== undefined) {
        if (!resources.includes(selection.resourceId)) return false;
        resources = [selection.resourceId];
      }
    }
    items.push({
      options: calendars.map((c) => ({
        calendar: c,
        duration: link(c, serviceId)!.duration ?? service.length,
      })),
      needResource: service.needResource,
      resources,
      breakAfter,
    });
    return true;
  };
  for (const id of selection.interventionIds) {
    const service = input.interventions.find((i) => i.id === id)!;
    if (service.type === 'pack') {
      const list = service.items!;
      for (let k = 0; k < list.length; k++) {
        if (
          !add(
            list[k]!.interventionId,
            k < list.length - 1 ? list[k]!.breakTime : 0,
            list[k]!.selectedCalendar,
          )
        ) {
          return 'invalid';
        }
      }
    } else if (!add(id, 0, null)) {
      return 'invalid';
    }
  }
  return items;
}

export interface ReferenceQuery {
  now: number;
  rules: BookingRules;
  /** First and last (inclusive) local dates "YYYY-MM-DD" of the window. */
  firstDate: string;
  lastDate: string;
  /** Local "YYYY-MM-DD HH:MM" the search starts at, if any. */
  startLocal?: string;
  promotions: boolean;
  /** Instants to scan for firstSlot beyond the window (inclusive bounds). */
  scanFrom: number;
  scanTo: number;
}

/** Slots of the window and the first slot, minute by minute. */
export function referenceSlots(
  input: ScheduleInput,
  appointments: AppointmentInput[],
  selection: ReferenceSelection,
  query: ReferenceQuery,
): { slots: ReferenceSlot[]; firstSlot: ReferenceSlot | null } | 'invalid' {
  const chain = referenceChain(input, selection);
  if (chain === 'invalid') return 'invalid';
  const zone = input.timeZone;
  const byId = new Map(input.calendars.map((c) => [c.id, c]));

  const lookahead = chain.reduce(
    (sum, item) => sum + Math.max(0, ...item.options.map((o) => o.duration)) + item.breakAfter,
    0,
  );
  const from = query.scanFrom;
  const to = query.scanTo + lookahead + 1;
  const walls: Wall[] = [];
  for (let u = from; u < to; u++) walls.push(wallClock(zone, u));
  const wallAt = (u: number) => (u >= from && u < to ? walls[u - from]! : wallClock(zone, u));

  const exceptionsOf = new Map(
    input.calendars.map((c) => [
      c.id,
      c.exceptions.map((e) => ({
        add: e.kind === 'opening',
        from: localOf(e.startsLocal),
        to: localOf(e.endsLocal),
      })),
    ]),
  );
  // Plain loops: this runs for every minute of every calendar of thousands of cases.
  const open = (c: number, u: number) => {
    const cal = byId.get(c)!;
    const w = wallAt(u);
    let added = false;
    for (const r of cal.weekly) {
      if (r.weekday === w.weekday && r.startMinute <= w.minute && w.minute < r.endMinute) added = true;
    }
    for (const e of exceptionsOf.get(c)!) {
      if (e.from <= w.local && w.local < e.to) {
        if (!e.add) return false;
        added = true;
      }
    }
    return added;
  };
  // left(c, u) tabulated once per calendar over the scanned minutes.
  const tables = new Map<number, Int32Array>();
  const left = (c: number, u: number) => {
    if (u < from || u >= to) return 0;
    let table = tables.get(c);
    if (!table) {
      table = new Int32Array(to - from);
      const mine = appointments.filter((a) => a.calendarId === c || a.resourceId === c);
      const capacity = byId.get(c)!.capacity;
      for (let v = from; v < to; v++) {
        if (!open(c, v)) continue;
        let occupied = 0;
        for (const a of mine) if (a.start <= v && v < a.end) occupied++;
        table[v - from] = Math.max(0, capacity - occupied);
      }
      tables.set(c, table);
    }
    return table[u - from]!;
  };
  const fit = (c: number, s: number, d: number) => {
    let min = Number.POSITIVE_INFINITY;
    for (let u = s; u < s + d; u++) min = Math.min(min, left(c, u));
    return min;
  };
  const onGrid = (c: number, u: number) => {
    const cal = byId.get(c)!;
    const w = wallAt(u);
    for (const r of cal.weekly) {
      if (
        r.weekday === w.weekday &&
        r.startMinute <= w.minute &&
        w.minute < r.endMinute &&
        (w.minute - r.startMinute) % cal.slotStep === 0
      ) {
        return true;
      }
    }
    for (const e of exceptionsOf.get(c)!) {
      if (e.add && e.from <= w.local && w.local < e.to && (w.local - e.from) % cal.slotStep === 0)
        return true;
    }
    return false;
  };
  const capacityFrom = (k: number, s: number): number => {
    if (k >= chain.length) return Number.POSITIVE_INFINITY;
    const item = chain[k]!;
    let total = 0;
    const durations = [...new Set(item.options.map((o) => o.duration))];
    for (const d of durations) {
      let v = 0;
      for (const o of item.options) {
        if (o.duration !== d) continue;
        if (k === 0 && !onGrid(o.calendar, s)) continue;
        v += fit(o.calendar, s, d);
      }
      if (v > 0 && item.needResource)
        v = Math.min(
          v,
          item.resources.reduce((sum, r) => sum + fit(r, s, d), 0),
        );
      if (v > 0) v = Math.min(v, capacityFrom(k + 1, s + d + item.breakAfter));
      total += v;
    }
    return total;
  };

  let maxPeriod: number | null = null;
  for (const item of chain) {
    for (const o of item.options) {
      const own = byId.get(o.calendar)!.maxPeriodMinutes;
      if (own !== null && (maxPeriod === null || own > maxPeriod)) maxPeriod = own;
    }
  }
  const latest = query.now + (maxPeriod ?? query.rules.maxPeriodMinutes);
  const startLocal = query.startLocal ? localOf(query.startLocal) : null;
  const earliest = query.now + query.rules.minNoticeMinutes;

  const promotionAt = (w: Wall) => {
    if (!query.promotions) return null;
    const services = selection.interventionIds;
    let best: number | null = null;
    for (const p of input.promotions) {
      if (p.interventionIds && !services.some((id) => p.interventionIds!.includes(id))) continue;
      if (p.fromDate && w.date < p.fromDate) continue;
      if (p.toDate && w.date > p.toDate) continue;
      if (p.weekdays && !p.weekdays.includes(w.weekday)) continue;
      if (w.minute < (p.fromMinute ?? 0) || w.minute >= (p.toMinute ?? 1440)) continue;
      if (best === null || p.percent > best) best = p.percent;
    }
    return best;
  };

  const slotAt = (u: number): ReferenceSlot | null => {
    if (u < earliest || u > latest) return null;
    if (!chain[0]?.options.some((o) => onGrid(o.calendar, u))) return null;
    const w = wallAt(u);
    // "At or after" a local start time: from the first instant whose wall clock reaches it.
    if (startLocal !== null && !startedBy(u)) return null;
    const capacity = capacityFrom(0, u);
    if (capacity <= 0) return null;
    const hh = String(Math.floor(w.minute / 60)).padStart(2, '0');
    const mm = String(w.minute % 60).padStart(2, '0');
    return { start: u, date: w.date, time: `${hh}:${mm}`, capacity, promotion: promotionAt(w) };
  };
  // The first instant whose wall clock reads the start time or later.
  let firstStartInstant: number | null = null;
  const startedBy = (u: number) => {
    if (firstStartInstant === null) {
      firstStartInstant = Number.POSITIVE_INFINITY;
      for (let v = query.scanFrom - 2 * 1440; v <= query.scanTo; v++) {
        const w = wallAt(v);
        if (w.local >= startLocal!) {
          firstStartInstant = v;
          break;
        }
      }
    }
    return u >= firstStartInstant;
  };

  const slots: ReferenceSlot[] = [];
  let firstSlot: ReferenceSlot | null = null;
  for (let u = query.scanFrom; u <= query.scanTo; u++) {
    const w = wallAt(u);
    if (w.date < query.firstDate) continue;
    const inWindow = w.date <= query.lastDate;
    if (!inWindow && (slots.length > 0 || firstSlot !== null)) break;
    const slot = slotAt(u);
    if (!slot) continue;
    if (inWindow) slots.push(slot);
    if (firstSlot === null) firstSlot = slot;
  }
  return { slots, firstSlot };
}
