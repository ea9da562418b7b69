/**
 * Reading and taking an offer of the waiting list (docs/waitlist.md). Taking it books the time, or
 * moves the entry's appointment to it, through the usual booking or change path with its locks: of
 * several people confirming one start at once, the engine lets exactly one through; the others are
 * told it was just taken and keep their place on the list. In the winner's transaction, the others
 * offered a start that is no longer free are mailed that it is gone.
 */
import type { Transaction } from 'kysely';
import type { AppContext, Scope } from '../../app-context.ts';
import type { Database, GroupRow } from '../../db/database.ts';
import { DomainError, errors } from '../../errors/domain-error.ts';
import { contextOfGroup, everyShard } from '../../sharding/group-shard-context.ts';
import * as appointments from '../appointments/appointments.repository.ts';
import { createBooking } from '../appointments/booking.service.ts';
import { changeBooking } from '../appointments/change.service.ts';
import { bookingSchedule } from '../availability/availability.service.ts';
import { loadActiveGroup } from '../groups/groups.service.ts';
import { takeWaitlistAttempt } from '../security/send-limits.ts';
import { anonymousViewer, type Viewer } from '../sessions/viewer.ts';
import * as repo from './waitlist.repository.ts';
import { sendGoneMail, serviceName } from './waitlist-mails.ts';
import { planOf, stillFree } from './waitlist-slots.ts';
import { hashOfferToken } from './waitlist-tokens.ts';

type Trx = Transaction<Database>;
type Offer = NonNullable<Awaited<ReturnType<typeof repo.findOffer>>>;

const SLOT_TAKEN = 'v3_error.appointment.availabletimeslots';

/**
 * The offer a link's token opens, with the context its group's work runs in. The link names no
 * group, so on a sharded deployment each shard is asked for the token's hash in turn, as for a
 * calendar feed (docs/operations.md "Sharding"); one database: one look-up, as always.
 */
async function offerOfToken(appCtx: AppContext, token: string, writes: boolean) {
  const hash = hashOfferToken(token);
  for (const db of everyShard(appCtx)) {
    const offer = await repo.findOfferByHash(db, hash);
    if (!offer) continue;
    const ctx = await contextOfGroup(appCtx, offer.group_id, writes);
    const entry = await repo.findEntry(ctx.db, offer.entry_id);
    if (!entry) break;
    return { ctx, offer, entry, group: await loadActiveGroup(ctx, offer.group_id) };
  }
  throw errors.notFound('waitlistOfferNotFound');
}

function statusOf(offer: Offer, entry: repo.EntryDetails, now: Date) {
  if (offer.status !== 'sent') return offer.status;
  if (offer.expires_at <= now || entry.status !== 'open') return 'expired' as const;
  return 'open' as const;
}

export async function readOffer(appCtx: AppContext, token: string) {
  const { ctx, offer, entry, group } = await offerOfToken(appCtx, token, false);
  let movesFrom: string | null = null;
  if (entry.appointment_id !== null) {
    const [row] = await appointments.findDetailed(ctx.db, group.id, [entry.appointment_id]);
    movesFrom = row ? row.starts_at.toISOString() : null;
  }
  return {
    group_id: group.id,
    start: offer.starts_at.toISOString(),
    end: new Date(offer.starts_at.getTime() + entry.intervention_length * 60_000).toISOString(),
    time_zone: group.settings.timezone,
    service: serviceName(entry),
    calendar: entry.calendar_id !== null ? entry.calendar_publicname || entry.calendar_name : null,
    expires_at: offer.expires_at.toISOString(),
    moves_from: movesFrom,
    status: statusOf(offer, entry, ctx.now()),
  };
}

/** Who books: the entry's account or record when it has one, else a visitor with the entry's name. */
function bookerOf(group: GroupRow, entry: repo.EntryDetails): Viewer {
  if (entry.account_id !== null) return { ...anonymousViewer, type: 'user', accountId: entry.account_id };
  if (entry.fiche_id !== null)
    return { ...anonymousViewer, type: 'fiche', groupId: group.id, ficheId: entry.fiche_id };
  return anonymousViewer;
}

/** Refuses an offer that can no longer be taken, in the words the offer page shows. */
function refuseClosed(offer: Offer, entry: repo.EntryDetails, now: Date): void {
  const status = statusOf(offer, entry, now);
  if (status === 'accepted') throw errors.conflict('waitlistOfferUsed');
  if (status === 'taken') throw errors.conflict('waitlistSlotTaken');
  if (status === 'expired') throw errors.conflict('waitlistOfferExpired');
}

/**
 * In the winner's transaction: its offer accepted, its entry done, and everyone else offered this
 * start on this calendar who can no longer have it mailed that it is gone.
 */
async function settleOffers(scope: Scope, trx: Trx, offer: Offer, entry: repo.EntryDetails) {
  const { ctx, group, now } = scope;
  await repo.decideOffer(trx, offer.id, 'accepted', now);
  await repo.closeEntry(trx, entry.id, 'booked', now);
  const rivals = await repo.rivalOffers(
    trx,
    group.id,
    { startsAt: offer.starts_at, calendarId: offer.calendar_id },
    offer.id,
  );
  if (rivals.length === 0) return;
  const schedule = await bookingSchedule(scope, trx);
  for (const rival of rivals) {
    const other = await repo.findEntry(trx, rival.entry_id);
    if (!other) continue;
    const plan = planOf(schedule, other.intervention_id, rival.calendar_id);
    const free =
      plan !== null &&
      (await stillFree({ db: trx, group, schedule, now }, plan, rival.starts_at.getTime() / 60_000));
    if (!free && (await repo.decideOffer(trx, rival.id, 'taken', now)))
      await sendGoneMail({ ctx, db: trx, group }, other, rival.starts_at);
  }
}

export async function confirmOffer(appCtx: AppContext, token: string, clientAddress: string) {
  const found = await offerOfToken(appCtx, token, true);
  const { ctx } = found;
  const { group } = found;
  const now = ctx.now();
  refuseClosed(found.offer, found.entry, now);
  await takeWaitlistAttempt(ctx, { address: clientAddress, email: found.entry.email }, now);
  const scope: Scope = { ctx, group, now, viewer: bookerOf(group, found.entry) };
  const start = found.offer.starts_at;
  try {
    if (found.entry.appointment_id !== null) {
      const appointmentId = found.entry.appointment_id;
      const [row] = await appointments.findDetailed(ctx.db, group.id, [appointmentId]);
      if (!row) throw errors.conflict('waitlistOfferExpired');
      // The appointment's own record acts: the link was mailed to the person it belongs to.
      const mover: Scope = {
        ...scope,
        viewer: { ...anonymousViewer, type: 'fiche', groupId: group.id, ficheId: row.fiche_id },
      };
      await changeBooking(
        mover,
        appointmentId,
        { start, calendarId: found.offer.calendar_id, clientAddress, startField: 'offer' },
        async (trx) => {
          await repo.lockOffer(trx, found.offer.id);
          const offer = (await repo.findOffer(trx, found.offer.id))!;
          const entry = (await repo.findEntry(trx, found.entry.id))!;
          refuseClosed(offer, entry, now);
          await settleOffers(mover, trx, offer, entry);
        },
      );
      return { appointment_id: appointmentId, start: start.toISOString(), moved: true, fiche_token: null };
    }
    return await ctx.db.transaction().execute(async (trx) => {
      // A second click on the same link waits here, then finds the offer accepted.
      await repo.lockOffer(trx, found.offer.id);
      const offer = (await repo.findOffer(trx, found.offer.id))!;
      const entry = (await repo.findEntry(trx, found.entry.id))!;
      refuseClosed(offer, entry, now);
      const booked = await createBooking(scope, trx, {
        request: {
          start,
          fiche:
            entry.fiche_id ??
            ({
              firstname: entry.firstname,
              lastname: entry.lastname,
              email: entry.email,
              ...(entry.phone ? { firstphone: entry.phone } : {}),
            } as Record<string, unknown>),
          vevent: {},
          selection: {
            appointments: [{ interventionId: entry.intervention_id, calendarId: offer.calendar_id }],
          },
          withToken: false,
        },
      });
      await settleOffers(scope, trx, offer, entry);
      return {
        appointment_id: booked.records[0]!.id,
        start: start.toISOString(),
        moved: false,
        fiche_token: booked.fiche_token,
      };
    });
  } catch (error) {
    if (!(error instanceof DomainError) || error.key !== SLOT_TAKEN) throw error;
    // Someone else was first: this offer is over, the entry stays open for the next time.
    await repo.decideOffer(ctx.db, found.offer.id, 'taken', ctx.now());
    throw errors.conflict('waitlistSlotTaken');
  }
}
