/**
 * Taking an appointment (docs/requirements/accounts-and-appointments.md §4 Booking details, §7 POST appointments, §8 booking errors).
 *
 * One transaction: the calendars and resources the booking may use are locked in id order, the
 * availability engine re-checks this exact start against the live appointments and assigns each item
 * a concrete calendar (and resource), the person's limits are checked under locks on each of their
 * identities (every rule is in booking-rules.ts), every appointment of the booking is inserted, the confirmation goes to the outbox, commit. All or
 * nothing; the exclusion constraints back the engine on capacity-1 calendars and resources.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Appointments, BookingSelection } from '@creneau/core/availability/availability.types';
import type { BookedItem } from '@creneau/core/availability/booking-check';
import { checkBooking, checkDay } from '@creneau/core/availability/booking-check';
import { promotionPercent } from '@creneau/core/availability/promotions';
import type { ScheduleIndex } from '@creneau/core/availability/schedule-index';
import { discounted, packListPrice, summarizePrices } from '@creneau/core/booking/pricing';
import { isLocale } from '@creneau/core/locales';
import type { Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database, FicheRow } from '../../db/database.ts';
import {
  bookingSchedule,
  epochMinute,
  involvedCalendars,
  loadBusy,
  loadBusyAndCatalogueVersion,
  planOrReject,
} from '../availability/availability.service.ts';
import { slotRules } from '../availability/slot-rules.ts';
import { createFicheRecord, fichesViewerMayEdit } from '../fiches/fiches.service.ts';
import { catalogueCache } from '../groups/catalogue-cache.ts';
import { findGroupById } from '../groups/groups.repository.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { emitAppointmentEvent } from '../webhooks/webhook-events.ts';
import * as repo from './appointments.repository.ts';
import { presentWithIncluded } from './appointments-read.service.ts';
import { sendBookingMail } from './booking-mails.ts';
import {
  bookingError,
  checkPersonLimits,
  ownPersonLocks,
  type PersonReadUnderLocks,
  personOf,
  refuseBlacklisted,
  refuseClosedGroup,
  refuseTooManyServices,
} from './booking-rules.ts';
import { noticeToBusiness } from './business-mails.ts';
import { hasChoice, lockWhatItTakes } from './narrow-lock.ts';
import { scheduleReminders } from './reminder-schedule.ts';
import { validateVevent } from './vevent.ts';

type Trx = Transaction<Database>;

/**
 * The exclusion constraints back the engine on capacity-1 calendars and resources: should one fire
 * (it never does while the locks hold), the slot was taken after all — the customer hears so.
 */
export function rethrowSlotConflict(error: unknown): never {
  if ((error as { code?: string }).code === '23P01') throw bookingError('conflict', 'availabletimeslots');
  throw error;
}

export { bookingError } from './booking-rules.ts';

export interface BookingRequest {
  /** The slot's start: ISO 8601 with offset, as availabletimeslots gives it. */
  start: Date;
  fiche: number | Record<string, unknown>;
  comments?: string | undefined;
  websource?: string | undefined;
  /** The language the customer booked in; their reminders use it (docs/reminders.md). */
  locale?: string | undefined;
  vevent: Record<string, unknown>;
  selection: BookingSelection;
  withToken: boolean;
}

/** The booking's fiche: an existing one the viewer may use, or a new one from the given fields. */
async function bookingFiche(scope: Scope, trx: Trx, fiche: BookingRequest['fiche']): Promise<FicheRow> {
  if (typeof fiche === 'number') {
    try {
      return await fichesViewerMayEdit(scope, trx, fiche);
    } catch {
      // Someone else's record, or one this session cannot reach: log out and book again (docs/requirements/accounts-and-appointments.md §8).
      throw bookingError('forbidden', 'fiche_not_authorized');
    }
  }
  return createFicheRecord(scope, trx, fiche);
}

/**
 * An owner's or manager's booking past the rules (docs/back-office.md "Booking from the agenda"):
 * no notice or horizon limit, and the place may already be full. Opening hours, absences and
 * closures still hold.
 */
export interface RulesOverride {
  reason: string;
}

/** Rules that let any start from now on through: a century ahead stands for "no horizon". */
const NO_NOTICE_RULES = { minNoticeMinutes: 0, maxPeriodMinutes: 100 * 366 * 1440 };

/** The start to check and what it is for. */
export interface StartCheck {
  selection: BookingSelection;
  start: Date;
  /** Calendars to lock besides those the booking may use (a change: those it leaves). */
  extraLocks?: readonly number[];
  override?: RulesOverride | undefined;
  /**
   * The booking's record: its person's own identities are locked with the calendars and the person
   * read with the day, one round trip each instead of two more (booking-rules.ts checkPersonLimits).
   */
  person?: FicheRow | undefined;
}

/**
 * Locks what the booking may use, then runs the engine on this exact start. A booking with a choice
 * of calendars ("no preference") locks only those it takes (narrow-lock.ts); every other, or one
 * that found its picks taken again and again, locks every calendar it may use, in id order.
 */
export async function lockAndCheck(
  scope: Pick<Scope, 'ctx' | 'group' | 'now'>,
  trx: Trx,
  { selection, start, ...options }: StartCheck,
) {
  const { ctx, group, now } = scope;
  const extraLocks = options.extraLocks ?? [];
  const at = Math.floor(start.getTime() / 60_000);
  if (at * 60_000 !== start.getTime()) throw bookingError('conflict', 'availabletimeslots');
  let schedule = await bookingSchedule({ ctx, group, now }, trx);
  let plan = planOrReject(schedule, selection);
  const query = {
    now: epochMinute(now),
    rules: options.override ? NO_NOTICE_RULES : slotRules(group),
    promotions: true,
  };
  // A change also locks the calendars it leaves, and an override books past the capacity: both
  // keep the plain protocol below.
  if (extraLocks.length === 0 && !options.override && hasChoice(plan)) {
    const check = await lockWhatItTakes(trx, {
      groupId: group.id,
      catalogueVersion: String(group.catalogue_version),
      schedule,
      plan,
      at,
      query,
    });
    if (check) return { schedule, check };
  }
  const locks = [...involvedCalendars(plan), ...extraLocks];
  let day = checkDay(schedule, at);
  // Past the capacity: the engine sees the calendars empty, so a full place is taken once more.
  let busy: Appointments = [];
  let version: string | undefined;
  let person: PersonReadUnderLocks | undefined;
  if (options.override) version = await repo.lockCalendars(trx, group.id, locks);
  else {
    // The day's appointments and the catalogue version come in one statement after the locks
    // (loadBusyAndCatalogueVersion); the appointments are read again below if the version moved.
    // With chosen calendars, the person's own identities are locked with the calendars, after them,
    // and the person read with the day. A "no preference" booking locking all its calendars after
    // failed picks keeps the person's steps of its own: its plan may change calendars below.
    const fiche = hasChoice(plan) ? undefined : options.person;
    const own = fiche && ownPersonLocks(group.id, fiche);
    const locked = await repo.lockCalendarRows(trx, group.id, locks, own?.keys);
    const personRead =
      fiche && locked ? repo.personRecordsAsJson(group.id, fiche.id, personOf(fiche), now) : undefined;
    const read = await loadBusyAndCatalogueVersion(
      trx,
      { groupId: group.id, schedule, plan },
      { fromDay: day, toDay: day + 1 },
      personRead,
    );
    busy = read.busy;
    version = locked ? read.catalogueVersion : undefined;
    if (own && personRead) person = { locked: own.identities, read: repo.personReadOf(read.also) };
  }
  if (version !== undefined && version !== String(group.catalogue_version)) {
    // Hours, absences or services changed while this booking waited for its calendars (an absence
    // takes the same locks): check against what is true now, never against the schedule read before.
    const current = await findGroupById(trx, group.id);
    if (!current) throw bookingError('conflict', 'availabletimeslots');
    schedule = await bookingSchedule({ ctx, group: current, now }, trx);
    plan = planOrReject(schedule, selection);
    const wanted = involvedCalendars(plan);
    // Holding its person's locks, a booking may not wait for a calendar (calendars come first in
    // every booking's lock order). Its calendars were chosen, so the plan cannot want one it does
    // not hold; should it ever, the time is answered as taken.
    if (person && wanted.some((id) => !locks.includes(id)))
      throw bookingError('conflict', 'availabletimeslots');
    await repo.lockCalendarRows(trx, group.id, wanted);
    day = checkDay(schedule, at);
    if (!options.override)
      busy = await loadBusy(trx, { groupId: group.id, schedule, plan }, { fromDay: day, toDay: day + 1 });
  }
  const check = checkBooking(schedule, busy, plan, at, query);
  if (!check.ok) throw bookingError('conflict', 'availabletimeslots');
  return { schedule, check, person };
}

interface PricedItem extends BookedItem {
  type: 'free' | 'first' | 'included';
  listCents: number | null;
  priceCents: number | null;
  promotion: number | null;
  videoconference: boolean;
  exclusive: boolean;
  resourceExclusive: boolean;
}

/**
 * Types and prices: a pack's first item is `first` and carries the pack's price, the others are
 * `included`; single services are `free`. A promotion matching the slot applies to the line of the
 * service (or pack) it covers.
 */
const servicePrices = catalogueCache<Map<number, repo.ServicePrice>>();

export async function priceItems(
  { ctx, group }: Pick<Scope, 'ctx' | 'group'>,
  trx: Trx,
  { schedule, items }: { schedule: ScheduleIndex; items: readonly BookedItem[] },
): Promise<PricedItem[]> {
  const service = await servicePrices.get(ctx.db, group, '', async () => {
    const rows = await repo.servicePricesOfGroup(trx, group.id);
    return new Map(rows.map((row) => [row.id, row]));
  });
  // The capacity the engine checked against, from the same schedule: no second read of calendars.
  const capacityOf = (id: number) => schedule.calendarsById.get(id)?.input.capacity;
  const localStart = schedule.zone.localMinuteOf(items[0]!.start);
  const day = Math.floor(localStart / 1440);
  const minute = localStart - day * 1440;
  const seenPacks = new Set<number>();
  return items.map((item) => {
    const own = service.get(item.interventionId)!;
    let type: PricedItem['type'] = 'free';
    let listCents: number | null = own.price;
    let promotion = promotionPercent(schedule, [item.interventionId], day, minute);
    if (item.packId) {
      const pack = service.get(item.packId)!;
      type = seenPacks.has(item.packId) ? 'included' : 'first';
      seenPacks.add(item.packId);
      listCents = type === 'first' ? packListPrice(pack) : null;
      promotion = type === 'first' ? promotionPercent(schedule, [item.packId], day, minute) : null;
    }
    return {
      ...item,
      type,
      listCents,
      promotion,
      priceCents: listCents === null ? null : discounted(listCents, promotion),
      videoconference: own.videoconference,
      exclusive: capacityOf(item.calendarId) === 1,
      resourceExclusive: item.resourceId !== null && capacityOf(item.resourceId) === 1,
    };
  });
}

/** An unguessable room name for a video consultation. */
export const newVideoRoom = () => `creneau-${randomBytes(16).toString('hex')}`;

export interface BookingOptions {
  /** False: the customer is not mailed (a booking made by the staff, who tell them otherwise). */
  notifyCustomer?: boolean;
  override?: RulesOverride | undefined;
}

/** A booking to write: what was asked, and how (see BookingOptions). */
export interface BookingOrder extends BookingOptions {
  request: BookingRequest;
}

export async function createBooking(scope: Scope, trx: Trx, { request, ...options }: BookingOrder) {
  const { ctx, group, viewer, now } = scope;
  const settings = group.settings;
  // The rules, in the order a customer would want to hear them (docs/booking.md): what they chose,
  // whether they may book here, then whether this time fits them.
  refuseTooManyServices(group, request.selection);
  const fiche = await bookingFiche(scope, trx, request.fiche);
  await refuseClosedGroup(trx, group, viewer);
  await refuseBlacklisted(scope, trx, fiche);
  const vevent = await validateVevent(scope, trx, request.vevent);
  const { schedule, check, person } = await lockAndCheck(scope, trx, {
    selection: request.selection,
    start: request.start,
    override: options.override,
    person: fiche,
  });
  await checkPersonLimits(trx, { group, fiche, items: check.items, now, readUnderLocks: person });

  const items = await priceItems(scope, trx, { schedule, items: check.items });
  const consecutive = items.length > 1 ? randomUUID() : null;
  const inserted: repo.DetailedAppointment[] = [];
  let packHead: number | null = null;
  for (const item of items) {
    const row: repo.DetailedAppointment = await repo
      .insertDetailed(trx, {
        group_id: group.id,
        fiche_id: fiche.id,
        account_id: viewer.type === 'user' ? viewer.accountId : fiche.account_id,
        intervention_id: item.interventionId,
        calendar_id: item.calendarId,
        resource_id: item.resourceId,
        starts_at: new Date(item.start * 60_000),
        ends_at: new Date(item.end * 60_000),
        duration: item.end - item.start,
        type: item.type,
        pack_id: item.packId,
        parent_id: item.type === 'included' ? packHead : null,
        consecutive_value: consecutive,
        price_amount: item.priceCents,
        intervention_price: item.listCents,
        promotion: item.promotion,
        is_promoted: item.promotion !== null,
        video_room: item.videoconference ? newVideoRoom() : null,
        comments: request.comments ?? null,
        vevent: JSON.stringify(vevent),
        websource: request.websource ?? null,
        locale: isLocale(request.locale) ? request.locale : null,
        from_web: true,
        booked_by_pro_id: viewer.type === 'pro' ? viewer.accountId : null,
        // A booking past the capacity shares its place on purpose: the exclusion constraints must
        // not refuse it (the engine still counts it for every later booking).
        calendar_exclusive: item.exclusive && !options.override,
        resource_exclusive: item.resourceExclusive && !options.override,
        created_at: now,
        updated_at: now,
      })
      .catch(rethrowSlotConflict);
    if (item.type === 'first') packHead = row.id;
    inserted.push(row);
  }
  // In findDetailed's order: by start, then id.
  const rows = inserted.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.id - b.id);
  if (options.notifyCustomer !== false)
    await sendBookingMail(scope, trx, { rows, kind: 'appointment_confirmation' });
  await noticeToBusiness(scope, trx, { rows, event: 'created' });
  await scheduleReminders(trx, group, rows, now);
  await emitAppointmentEvent(scope, trx, { rows, event: 'created' });

  // A visitor without a session gets a guest one for this fiche: the confirmation page's cancel
  // and calendar buttons use it (docs/requirements/accounts-and-appointments.md §3 Session: account id 0, cancel_apt 0).
  let ficheToken: string | null = null;
  if (
    viewer.type === 'anonymous' ||
    viewer.type === 'guest' ||
    (request.withToken && viewer.type === 'fiche')
  ) {
    ficheToken = (
      await startSession(trx, now, {
        type: 'guest',
        accountId: null,
        groupId: group.id,
        ficheId: fiche.id,
        scope: null,
        scopeAppointmentId: null,
        ssoLogged: false,
      })
    ).token;
  }
  const records = presentWithIncluded(rows, ctx, settings.locale);
  return {
    records,
    fiche_token: ficheToken,
    consecutive_location: consecutive,
    summary: summarizePrices(
      items
        .filter((i) => i.type !== 'included')
        .map((i) => ({ listCents: i.listCents, promotion: i.promotion })),
    ),
    fiche: { id: fiche.id, firstname: fiche.firstname, lastname: fiche.lastname },
  };
}
