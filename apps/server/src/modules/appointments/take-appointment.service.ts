/**
 * Taking an appointment, the whole write behind POST /appointments (docs/booking.md): who may book
 * at all, the booking horizon and the rate limit, then — in the group's turn (booking-gate.ts) — one
 * transaction that replays an Idempotency-Key's first answer or books and remembers the answer
 * under that key.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { transactionWithWriteBatch } from '../../db/write-batch.ts';
import { errors } from '../../errors/domain-error.ts';
import { refuseBookingOutsideHorizon } from '../availability/booking-horizon.ts';
import { bookerKey } from '../security/booker.ts';
import { takeBookingAttempt } from '../security/send-limits.ts';
import * as repo from './appointments.repository.ts';
import { type BookingRequest, createBooking } from './booking.service.ts';
import { BookingGate } from './booking-gate.ts';
import { markWanted } from './slot-taken.ts';

export interface TakeAppointment {
  /** The caller's address, for the rate limit. */
  clientAddress: string;
  booking: BookingRequest;
  /** The caller's Idempotency-Key and the request it came with (any other request under it is refused). */
  idempotency?: { key: string; request: unknown } | undefined;
  /** Where the start came from, named in the refusal of a start outside the horizon. */
  startField: string;
}

export interface TakenAppointment {
  status: number;
  response: unknown;
  /** True when the answer is the one first given under the same Idempotency-Key. */
  replayed: boolean;
}

function hashRequest(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export async function takeAppointment(scope: Scope, input: TakeAppointment): Promise<TakenAppointment> {
  const { ctx, group, viewer } = scope;
  const settings = group.settings;
  // A group whose pages need a login (no open data, or single sign-on only) takes no anonymous booking.
  if ((!settings.openData || settings.sso_login_only) && viewer.type === 'anonymous')
    throw errors.expiredConnection();
  await refuseBookingOutsideHorizon(scope, { start: input.booking.start, parameter: input.startField });
  const booker = bookerKey(viewer, input.booking.fiche, settings.country);
  await takeBookingAttempt(scope, input.clientAddress, booker);
  const idempotency = input.idempotency && {
    key: input.idempotency.key,
    // The same hash as earlier releases, so a retry across a rolling deploy still replays.
    requestHash: hashRequest({ body: input.idempotency.request, viewer: viewer.sessionId }),
  };
  const booking = gateOf(ctx.db).run(group.id, () => bookInTransaction(scope, input, idempotency));
  // A start no longer free: the refusal remembers what was asked, for the next free times (slot-taken.ts).
  return booking.catch((error: unknown) => {
    throw markWanted(error, { selection: input.booking.selection, start: input.booking.start });
  });
}

/** One gate per database handle, that is per server process (and per test server). */
const gates = new WeakMap<Kysely<Database>, BookingGate>();
function gateOf(db: Kysely<Database>): BookingGate {
  let gate = gates.get(db);
  if (!gate) {
    gate = new BookingGate();
    gates.set(db, gate);
  }
  return gate;
}

function bookInTransaction(
  scope: Scope,
  input: TakeAppointment,
  idempotency: { key: string; requestHash: string } | undefined,
): Promise<TakenAppointment> {
  const { ctx, group } = scope;
  // The rows nobody reads back before the commit — tokens, mails, jobs, session, the idempotency
  // record — go to PostgreSQL together at the end: one round trip instead of five (write-batch.ts).
  return transactionWithWriteBatch(ctx.db, async (trx) => {
    if (idempotency) {
      await repo.lockIdempotencyKey(trx, group.id, idempotency.key);
      const seen = await repo.findIdempotent(trx, group.id, idempotency.key);
      if (seen) {
        if (seen.request_hash !== idempotency.requestHash) throw errors.unprocessable('idempotencyKeyReused');
        return { status: seen.status_code, response: seen.response, replayed: true };
      }
    }
    const response = await createBooking(scope, trx, { request: input.booking });
    if (idempotency)
      await repo.saveIdempotent(trx, {
        groupId: group.id,
        key: idempotency.key,
        requestHash: idempotency.requestHash,
        statusCode: 201,
        response,
        now: ctx.now(),
      });
    return { status: 201, response, replayed: false };
  });
}
