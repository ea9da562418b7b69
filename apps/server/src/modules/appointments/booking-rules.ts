/**
 * The booking rules: the one place where the server decides whether a booking, a change or a
 * cancellation is allowed (docs/booking.md, "Rules and their errors"). The booking, change and
 * cancellation services call these and nothing else decides; the web app only shows the answers.
 *
 * - minimum notice and booking horizon: availability/slot-rules.ts, applied by the engine to the
 *   slot list and to every booking and change (a start outside them is not a slot: availabletimeslots);
 * - refuseTooManyServices: services per booking, from the group's services step (max_multirdvs);
 * - refuseClosedGroup: only known customers book online in a closed group (not_open_group[_health]);
 * - refuseBlacklisted: user_blacklisted;
 * - checkPersonLimits: same_time_rdv, max_rdv_number and mintime_between over every future
 *   appointment of the same person, serialised per person;
 * - refuseChange / refuseCancel: who may change, nothing that has started, and the notice before
 *   changing (mintimeRDVModifyError) or cancelling (mintimeRDVError).
 */
import { createHash } from 'node:crypto';
import type { BookedItem } from '@creneau/core/availability/booking-check';
import { emailKey } from '@creneau/core/booking/person-identity';
import { choicesInBooking } from '@creneau/core/booking/service-choice';
import { maxServicesPerBooking } from '@creneau/core/booking/step-list';
import type { Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database, FicheRow, GroupRow } from '../../db/database.ts';
import { DomainError, errors, type FailureKind } from '../../errors/domain-error.ts';
import { findAccountById } from '../accounts/accounts.repository.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { isGroupPro } from './appointment-access.ts';
import * as repo from './appointments.repository.ts';

type Trx = Transaction<Database>;

/** The spec's booking error: message `v3_error.appointment.<key>`, and `error: <key>` beside it. */
export function bookingError(
  kind: FailureKind,
  key: string,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError(kind, `v3_error.appointment.${key}`, { details: { error: key, ...details } });
}

/** The error code the spec gives a cancellation too close to the start. */
export const MINTIME_ERROR_CODE = 10;
/** The same for a change (mintimeRDVModifyError). */
export const MINTIME_MODIFY_ERROR_CODE = 11;

/** A change or cancellation error in both forms: v3 `message`, and the `{errorCode, error}` list. */
export function listedError(kind: FailureKind, key: string, code?: number, details = {}): DomainError {
  return new DomainError(kind, key, { listed: code === undefined ? {} : { code }, details });
}

// ——— What: services per booking ———

/** max_multirdvs: a booking holds at most the services step's number of choices (a pack is one). */
export function refuseTooManyServices(
  group: GroupRow,
  selection: Parameters<typeof choicesInBooking>[0],
): void {
  const max = maxServicesPerBooking(group.settings);
  const count = choicesInBooking(selection);
  if (count > max) throw bookingError('unprocessable', 'max_multirdvs', { max, count });
}

// ——— Who: closed groups and the blacklist ———

/**
 * A closed group (open: false) takes online bookings only from its known customers: the group made
 * one of their records, or has had an appointment with them. Only identities the server has verified
 * count — the account (and its activated e-mail address) or the record of an e-mail link session —
 * never an address or phone typed into a form. The group's professionals book for anyone.
 */
export async function refuseClosedGroup(trx: Trx, group: GroupRow, viewer: Viewer): Promise<void> {
  const settings = group.settings;
  if (settings.open || isGroupPro(viewer, group.id)) return;
  let known = false;
  if (viewer.type === 'user' && viewer.accountId) {
    const account = await findAccountById(trx, viewer.accountId);
    known = await repo.isKnownCustomer(trx, group.id, {
      accountId: viewer.accountId,
      accountEmailKey: account?.status === 'active' ? emailKey(account.email) : null,
      ficheId: null,
    });
  } else if ((viewer.type === 'fiche' || viewer.type === 'guest') && viewer.groupId === group.id) {
    known = await repo.isKnownCustomer(trx, group.id, {
      accountId: null,
      accountEmailKey: null,
      ficheId: viewer.ficheId ?? null,
    });
  }
  if (!known) {
    throw bookingError(
      'forbidden',
      settings.sector === 'Santé' ? 'not_open_group_health' : 'not_open_group',
      {
        phone: settings.phone,
      },
    );
  }
}

/** user_blacklisted: the record's e-mail or the booking account's is on the group's list. */
export async function refuseBlacklisted(
  { group, viewer }: Pick<Scope, 'group' | 'viewer'>,
  trx: Trx,
  fiche: FicheRow,
): Promise<void> {
  const listed = new Set(group.settings.rules.blacklist.map(emailKey));
  if (listed.size === 0) return;
  const emails = [fiche.email];
  if (viewer.accountId) emails.push((await findAccountById(trx, viewer.accountId))?.email ?? null);
  if (emails.some((e) => e && listed.has(emailKey(e)))) throw bookingError('forbidden', 'user_blacklisted');
}

// ——— How often: per-person limits ———

/** The person behind a record: its account, and its e-mail and phone keys (migration 006). */
export function personOf(fiche: FicheRow): repo.PersonMatch {
  return { accountId: fiche.account_id, emailKey: fiche.email_key, phoneKey: fiche.phone_key };
}

/** The identities of the person's records, by kind. */
function identitiesOf(records: readonly repo.PersonRecord[], person: repo.PersonMatch): string[] {
  const names = new Set<string>();
  const add = (kind: string, value: string | number | null) => {
    if (value !== null) names.add(`${kind}:${value}`);
  };
  add('account', person.accountId);
  add('email', person.emailKey);
  add('phone', person.phoneKey);
  for (const record of records) {
    add('account', record.account_id);
    add('email', record.email_key);
    add('phone', record.phone_key);
  }
  return [...names];
}

/** A 64-bit advisory lock key per identity, sorted: the order in which every booking takes them. */
export function personLockKeys(groupId: number, identities: readonly string[]): bigint[] {
  return identities
    .map((name) =>
      createHash('sha256').update(`creneau-person\u0000${groupId}\u0000${name}`).digest().readBigInt64BE(0),
    )
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The person's own identities (those of the booking's record) and their lock keys, in key order:
 * a booking takes these with its calendars' locks (repo.lockCalendarRows), then reads the person in
 * the statement that reads its day — see PersonReadUnderLocks.
 */
export function ownPersonLocks(groupId: number, fiche: FicheRow): { identities: string[]; keys: bigint[] } {
  const identities = identitiesOf([], personOf(fiche));
  return { identities, keys: personLockKeys(groupId, identities) };
}

/** The person read in a statement that began once `locked` (identities) were held. */
export interface PersonReadUnderLocks {
  locked: readonly string[];
  read: repo.PersonRead;
}

export interface PersonLimitsInput {
  group: GroupRow;
  fiche: FicheRow;
  /** The booking's appointments, placed by the engine (epoch minutes). */
  items: readonly BookedItem[];
  now: Date;
  /** Appointments of a booking being changed: they do not count against its new time. */
  replacing?: readonly number[];
  /** The person already read under their own identities' locks: steps 1 and 2 below are done. */
  readUnderLocks?: PersonReadUnderLocks | undefined;
}

/**
 * The person's future appointments, read under advisory locks on every identity of the person, so
 * that two bookings of one person queue and the second sees the first's appointments:
 * 1. the person's records are read, and every identity found among them is locked at once, in key
 *    order (two bookings by e-mail and by phone of one known person both lock both) — one statement,
 *    the keys computed by PostgreSQL (repo.lockPersonRecords), equal to personLockKeys';
 * 2. the records and their appointments are read again, now that bookings holding those locks have
 *    committed; a record committed meanwhile that brings a new identity (rare: the person's first
 *    record with that e-mail or phone) has it locked and the read repeated.
 * A booking with `readUnderLocks` locked its own identities with its calendars and read the person
 * after them (booking.service.ts lockAndCheck): an identity that read brings in is locked and the
 * read repeated, as in 2.
 */
async function lockedPersonAppointments(
  trx: Trx,
  {
    group,
    fiche,
    now,
    readUnderLocks,
  }: Pick<PersonLimitsInput, 'group' | 'fiche' | 'now' | 'readUnderLocks'>,
) {
  const person = personOf(fiche);
  let locked: Set<string>;
  let read: repo.PersonRead;
  if (readUnderLocks) {
    locked = new Set(readUnderLocks.locked);
    read = readUnderLocks.read;
  } else {
    locked = new Set(identitiesOf(await repo.lockPersonRecords(trx, group.id, fiche.id, person), person));
    read = await repo.personRecords(trx, group.id, fiche.id, person, now);
  }
  for (;;) {
    const more = identitiesOf(read.records, person).filter((name) => !locked.has(name));
    if (more.length === 0) return read.appointments;
    for (const name of more) locked.add(name);
    await repo.lockPersonKeys(trx, personLockKeys(group.id, more));
    read = await repo.personRecords(trx, group.id, fiche.id, person, now);
  }
}

/**
 * same_time_rdv, max_rdv_number and mintime_between over every future appointment of the same
 * person (docs/booking.md, "Who is the same person"), whoever booked it.
 */
export async function checkPersonLimits(trx: Trx, input: PersonLimitsInput): Promise<void> {
  const { group, items } = input;
  const rules = group.settings.rules;
  const replacing = new Set(input.replacing ?? []);
  const own = (await lockedPersonAppointments(trx, input)).filter((a) => !replacing.has(a.id));
  const max = rules.max_future_appointments;
  if (max !== null && own.length + items.length > max)
    throw bookingError('unprocessable', 'max_rdv_number', { max });
  const start = items[0]!.start * 60_000;
  const end = items[items.length - 1]!.end * 60_000;
  if (own.some((a) => a.starts_at.getTime() < end && a.ends_at.getTime() > start))
    throw bookingError('conflict', 'same_time_rdv');
  const gap = rules.mintime_between_minutes * 60_000;
  if (gap > 0 && own.some((a) => a.starts_at.getTime() < end + gap && a.ends_at.getTime() > start - gap)) {
    throw bookingError('unprocessable', 'mintime_between', { minutes: rules.mintime_between_minutes });
  }
}

// ——— Changing and cancelling ———

/**
 * Whether a booking starting at `startsAt` may be changed: customers only where the group offers
 * changes (API v3 and the Account profile: editAptError), never once it has started (editAptError),
 * and not later than modify_notice_minutes before it (mintimeRDVModifyError, code 11). The group's
 * professionals are bound only by the start.
 */
export function refuseChange(
  { group, viewer, now }: Pick<Scope, 'group' | 'viewer' | 'now'>,
  startsAt: Date,
): void {
  const settings = group.settings;
  const pro = isGroupPro(viewer, group.id);
  if (!pro && (!settings.profile.use_api_v3 || settings.loginProfile !== 'Account'))
    throw errors.forbidden('editAptError');
  if (startsAt.getTime() <= now.getTime()) throw errors.unprocessable('editAptError');
  if (!pro && startsAt.getTime() - now.getTime() < settings.rules.modify_notice_minutes * 60_000)
    throw listedError('unprocessable', 'mintimeRDVModifyError', MINTIME_MODIFY_ERROR_CODE);
}

/**
 * Whether appointments starting at `starts` may be cancelled: none that has started
 * (pastAppointment), and by customers not later than cancel_notice_minutes before the start
 * (mintimeRDVError, code 10).
 */
export function refuseCancel(
  { group, viewer, now }: Pick<Scope, 'group' | 'viewer' | 'now'>,
  starts: readonly Date[],
): void {
  if (starts.some((start) => start.getTime() <= now.getTime()))
    throw listedError('unprocessable', 'pastAppointment');
  if (isGroupPro(viewer, group.id)) return;
  const notice = group.settings.rules.cancel_notice_minutes * 60_000;
  if (starts.some((start) => start.getTime() - now.getTime() < notice))
    throw listedError('unprocessable', 'mintimeRDVError', MINTIME_ERROR_CODE);
}
