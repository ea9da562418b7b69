/**
 * Turns the customer's selection (services, packs, calendar and resource choices) into the chain of
 * items the engine fits: each item one service, on one of its candidate calendars, with an optional
 * resource, followed by a pause. Both the slot search and the booking writer start here, so a choice
 * the slot list accepted is read the same way when the booking is written.
 *
 * Rules (docs/requirements/booking-flow.md §3, §4):
 * - `appointments` (the v3 map) wins over `intervention_ids`; entries are chained in index order.
 * - A pack expands to its items in order with each item's break_time after it (not after the last
 *   item). Its items may be listed one entry each (same pack_id, in order) to choose a calendar per
 *   item, or by one entry for the whole pack.
 * - An item's calendar: the entry's choice, else the request's calendar_id / calendar_ids, else (pack
 *   items) the pack's selectedCalendar, else any calendar performing the service ("no preference").
 * - An explicit calendar that is unknown, deleted, a resource or unable to perform the service, and
 *   an explicit resource that is unknown or unusable for a service that needs one, are errors whose
 *   message contains "Invalid calendar" (the front end then marks its choices invalid).
 */
import type { BookingSelection, InterventionInput } from './availability.types.ts';
import type { IndexedCalendar, ScheduleIndex } from './schedule-index.ts';

export const MAX_BOOKING_ITEMS = 20;

/** A selection the engine cannot read; `message` is what the API answers. */
export class BookingSelectionError extends Error {
  constructor(
    /** The request parameter at fault, e.g. `calendar_id` or `appointments[1][intervention_id]`. */
    readonly parameter: string,
    readonly reason: string,
    /** The spec's "Invalid calendar" case. */
    readonly invalidCalendar: boolean,
  ) {
    super(invalidCalendar ? `Invalid calendar: ${reason}` : `Invalid parameter "${parameter}": ${reason}`);
  }
}

export interface PlanOption {
  readonly calendar: IndexedCalendar;
  /** Minutes this calendar takes for the item's service. */
  readonly duration: number;
  /** Index into the item's distinct `durations`. */
  readonly group: number;
}

export interface PlanItem {
  readonly interventionId: number;
  /** The pack this item belongs to, if any. */
  readonly packId: number | null;
  /** Calendars that may take the item, by id. Empty: the item can never be booked. */
  readonly options: readonly PlanOption[];
  readonly durations: readonly number[];
  readonly needResource: boolean;
  /** Resources that may serve it (only when needResource), by id. */
  readonly resources: readonly IndexedCalendar[];
  /** Pause before the next item. */
  readonly breakAfter: number;
}

export interface BookingPlan {
  readonly items: readonly PlanItem[];
  /** The services and packs booked, for promotions. */
  readonly serviceIds: readonly number[];
  /** Largest maxrdv_period among the calendars that may take an item; null: use the group's. */
  readonly maxPeriodMinutes: number | null;
  /** Longest possible chain from the first item's start to the last item's end, minutes. */
  readonly lookahead: number;
}

type CalendarChoice =
  | { kind: 'one'; id: number; parameter: string }
  | { kind: 'set'; ids: readonly number[]; parameter: string }
  | undefined;

interface PendingItem {
  intervention: InterventionInput;
  packId: number | null;
  choice: CalendarChoice;
  preselected: number | null;
  resourceId: number | undefined;
  resourceParameter: string;
  breakAfter: number;
}

const invalid = (parameter: string, reason: string) => new BookingSelectionError(parameter, reason, false);
const invalidCalendar = (parameter: string, reason: string) =>
  new BookingSelectionError(parameter, reason, true);

/** Reads a selection against a schedule; throws BookingSelectionError when it cannot be booked as asked. */
export function planBooking(schedule: ScheduleIndex, selection: BookingSelection): BookingPlan {
  const top: CalendarChoice = selection.calendarId
    ? { kind: 'one', id: selection.calendarId, parameter: 'calendar_id' }
    : selection.calendarIds?.length
      ? { kind: 'set', ids: selection.calendarIds, parameter: 'calendar_ids' }
      : undefined;
  const pending: PendingItem[] = [];
  const serviceIds: number[] = [];

  const service = (id: number, parameter: string) => {
    const found = schedule.interventions.get(id);
    if (!found) throw invalid(parameter, `service ${id} does not exist`);
    return found;
  };
  const packItems = (pack: InterventionInput, parameter: string) => {
    if (pack.status !== 'opened') throw invalid(parameter, `pack ${pack.id} is not open for booking`);
    const items = pack.items ?? [];
    if (items.length === 0) throw invalid(parameter, `pack ${pack.id} has no items`);
    return items.map((item) => {
      const found = schedule.interventions.get(item.interventionId);
      if (found?.type !== 'free') {
        throw invalid(parameter, `pack ${pack.id} contains a service that no longer exists`);
      }
      return { item, intervention: found };
    });
  };
  const addPack = (
    pack: InterventionInput,
    parameter: string,
    choices: (CalendarChoice | undefined)[],
    resources: (number | undefined)[],
    resourceParameters: string[],
  ) => {
    const items = packItems(pack, parameter);
    items.forEach(({ item, intervention }, k) => {
      pending.push({
        intervention,
        packId: pack.id,
        choice: choices[k],
        preselected: item.selectedCalendar,
        resourceId: resources[k],
        resourceParameter: resourceParameters[k] ?? 'resource_id',
        breakAfter: k < items.length - 1 ? Math.max(0, item.breakTime) : 0,
      });
    });
    serviceIds.push(pack.id);
  };
  const addFree = (
    intervention: InterventionInput,
    parameter: string,
    choice: CalendarChoice,
    resourceId: number | undefined,
    resourceParameter: string,
  ) => {
    if (intervention.onlyPackage)
      throw invalid(parameter, `service ${intervention.id} is only sold in a pack`);
    pending.push({
      intervention,
      packId: null,
      choice,
      preselected: null,
      resourceId,
      resourceParameter,
      breakAfter: 0,
    });
    serviceIds.push(intervention.id);
  };

  const entries = selection.appointments ?? [];
  if (entries.length > 0) {
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const at = (field: string) => `appointments[${i}][${field}]`;
      const entryChoice: CalendarChoice = entry.calendarId
        ? { kind: 'one', id: entry.calendarId, parameter: at('calendar_id') }
        : undefined;
      const resourceId = entry.resourceId ?? selection.resourceId;
      const resourceParameter = entry.resourceId ? at('resource_id') : 'resource_id';
      if (entry.packId !== undefined) {
        const pack = service(entry.packId, at('pack_id'));
        if (pack.type !== 'pack') throw invalid(at('pack_id'), `${entry.packId} is not a pack`);
        if (entry.interventionId === undefined || entry.interventionId === entry.packId) {
          const n = pack.items?.length ?? 0;
          addPack(
            pack,
            at('pack_id'),
            Array(n).fill(entryChoice ?? top),
            Array(n).fill(resourceId),
            Array(n).fill(resourceParameter),
          );
          continue;
        }
        // One entry per item: the following entries with the same pack_id are its other items.
        let j = i;
        while (j < entries.length && entries[j]!.packId === entry.packId) j++;
        const group = entries.slice(i, j);
        const items = packItems(pack, at('pack_id'));
        const matches =
          group.length === items.length &&
          group.every((e, k) => e.interventionId === items[k]!.intervention.id);
        if (!matches) {
          throw invalid(
            at('intervention_id'),
            `the entries of pack ${pack.id} must list its ${items.length} services in order`,
          );
        }
        addPack(
          pack,
          at('pack_id'),
          group.map((e, k) =>
            e.calendarId
              ? { kind: 'one', id: e.calendarId, parameter: `appointments[${i + k}][calendar_id]` }
              : top,
          ),
          group.map((e) => e.resourceId ?? selection.resourceId),
          group.map((e, k) => (e.resourceId ? `appointments[${i + k}][resource_id]` : 'resource_id')),
        );
        i = j - 1;
        continue;
      }
      if (entry.interventionId === undefined) throw invalid(at('intervention_id'), 'a service is required');
      const intervention = service(entry.interventionId, at('intervention_id'));
      if (intervention.type === 'pack') {
        const n = intervention.items?.length ?? 0;
        addPack(
          intervention,
          at('intervention_id'),
          Array(n).fill(entryChoice ?? top),
          Array(n).fill(resourceId),
          Array(n).fill(resourceParameter),
        );
      } else {
        addFree(intervention, at('intervention_id'), entryChoice ?? top, resourceId, resourceParameter);
      }
    }
  } else if (selection.interventionIds?.length) {
    for (const id of selection.interventionIds) {
      const intervention = service(id, 'intervention_ids');
      if (intervention.type === 'pack') {
        const n = intervention.items?.length ?? 0;
        addPack(
          intervention,
          'intervention_ids',
          Array(n).fill(top),
          Array(n).fill(selection.resourceId),
          Array(n).fill('resource_id'),
        );
      } else {
        addFree(intervention, 'intervention_ids', top, selection.resourceId, 'resource_id');
      }
    }
  } else {
    throw invalid('intervention_ids', 'at least one service is required');
  }
  if (pending.length > MAX_BOOKING_ITEMS) {
    throw invalid(
      entries.length > 0 ? 'appointments' : 'intervention_ids',
      `at most ${MAX_BOOKING_ITEMS} services in one booking`,
    );
  }

  const items = pending.map((p) => resolveItem(schedule, p));
  let maxPeriod: number | null = null;
  let lookahead = 0;
  for (const item of items) {
    for (const option of item.options) {
      const own = option.calendar.input.maxPeriodMinutes;
      if (own != null && (maxPeriod === null || own > maxPeriod)) maxPeriod = own;
    }
    lookahead += Math.max(0, ...item.durations) + item.breakAfter;
  }
  return { items, serviceIds, maxPeriodMinutes: maxPeriod, lookahead };
}

function liveCalendar(schedule: ScheduleIndex, id: number, parameter: string): IndexedCalendar {
  const calendar = schedule.calendarsById.get(id);
  if (!calendar || calendar.input.isResource)
    throw invalidCalendar(parameter, `calendar ${id} does not exist`);
  return calendar;
}

function resolveItem(schedule: ScheduleIndex, p: PendingItem): PlanItem {
  const service = p.intervention;
  const linked = schedule.links.get(service.id) ?? new Map<number, number | null>();
  let calendars: IndexedCalendar[];
  const choice = p.choice;
  if (choice?.kind === 'one') {
    const calendar = liveCalendar(schedule, choice.id, choice.parameter);
    if (!linked.has(calendar.id)) {
      throw invalidCalendar(
        choice.parameter,
        `calendar ${calendar.id} does not perform service ${service.id}`,
      );
    }
    calendars = [calendar];
  } else if (choice?.kind === 'set') {
    const all = choice.ids.map((id) => liveCalendar(schedule, id, choice.parameter));
    calendars = all.filter((c) => linked.has(c.id));
    if (calendars.length === 0) {
      throw invalidCalendar(
        choice.parameter,
        `none of the calendars ${choice.ids.join(', ')} performs service ${service.id}`,
      );
    }
  } else {
    // The pack's preselected calendar is configuration, not the customer's input: when it no
    // longer fits, fall back to "no preference" instead of refusing the pack.
    const preselected = p.preselected === null ? undefined : schedule.calendarsById.get(p.preselected);
    calendars =
      preselected && !preselected.input.isResource && linked.has(preselected.id)
        ? [preselected]
        : schedule.calendars.filter((c) => !c.input.isResource && linked.has(c.id));
  }
  calendars = [...new Set(calendars)].sort((a, b) => a.id - b.id);

  let resources: IndexedCalendar[] = [];
  if (p.resourceId !== undefined) {
    const resource = schedule.calendarsById.get(p.resourceId);
    if (!resource?.input.isResource) {
      throw invalidCalendar(p.resourceParameter, `resource ${p.resourceId} does not exist`);
    }
    if (service.needResource) {
      if (!linked.has(resource.id)) {
        throw invalidCalendar(
          p.resourceParameter,
          `resource ${resource.id} cannot be used for service ${service.id}`,
        );
      }
      resources = [resource];
    }
  } else if (service.needResource) {
    resources = schedule.calendars.filter((c) => c.input.isResource && linked.has(c.id));
  }

  const durations: number[] = [];
  const options = calendars.map((calendar): PlanOption => {
    const duration = Math.max(1, linked.get(calendar.id) ?? service.length);
    let group = durations.indexOf(duration);
    if (group < 0) group = durations.push(duration) - 1;
    return { calendar, duration, group };
  });
  return {
    interventionId: service.id,
    packId: p.packId,
    options,
    durations,
    needResource: service.needResource,
    resources,
    breakAfter: p.breakAfter,
  };
}
