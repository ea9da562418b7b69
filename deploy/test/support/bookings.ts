/**
 * A stream of bookings through HAProxy, and what the database must hold afterwards. Every tick
 * sends TWO customers for the same free slot at the same moment: exactly one may get it (201), the
 * other must be told it is taken (409), whatever part of the topology dies meanwhile.
 */
import http from 'node:http';
import { openDatabase } from '@creneau/server/db/connection';
import { importGroupConfig } from '@creneau/server/modules/group-config/group-config.service';
import pg from 'pg';
import type { HaEnvironment } from './cluster.ts';

const CALENDARS = 10;
/** 15-minute slots from 06:00 to 22:00 UTC. */
const SLOTS_PER_DAY = 64;

export interface SeededGroup {
  groupId: number;
  service: number;
  calendars: number[];
}

/** A group of its own for one test: ten calendars open every day, 15-minute appointments. */
export async function seedGroup(ha: HaEnvironment, name: string): Promise<SeededGroup> {
  // Unique per run: a topology reused across runs (HA_USE_RUNNING) already has the earlier groups.
  const urlname = `${name}-${Date.now().toString(36)}`;
  const handle = await openDatabase({ databaseUrl: ha.DATABASE_URL, poolSize: 1 });
  try {
    const hours = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['06:00', '22:00']]]),
    );
    const { id: groupId } = await importGroupConfig(handle.db, {
      urlname,
      name: `HA test ${urlname}`,
      settings: {
        timezone: 'UTC',
        locale: 'fr',
        maxrdv_period: 60 * 24 * 365,
        rules: { min_notice_minutes: 60 },
      },
      interventions: [{ externid: 'cut', name: 'Cut', publicname: 'Cut', length: 15, price: 3000 }],
      calendars: Array.from({ length: CALENDARS }, (_, i) => ({
        externid: `staff-${i + 1}`,
        name: `Staff ${i + 1}`,
        publicname: `Staff ${i + 1}`,
        slot_step: 15,
        weekly: hours,
        interventions: [{ intervention: 'cut' }],
      })),
      forms: {
        fiche: [
          { name: 'firstname', type: 'text', label: 'First name', required: true },
          { name: 'lastname', type: 'text', label: 'Last name', required: true },
        ],
      },
    } as never);
    const service = await handle.db
      .selectFrom('interventions')
      .select('id')
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    const calendars = await handle.db
      .selectFrom('calendars')
      .select('id')
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();
    return { groupId, service: service.id, calendars: calendars.map((c) => c.id) };
  } finally {
    await handle.close();
  }
}

export interface BookingAttempt {
  /** Both customers of a tick ask for the same slot. */
  slot: number;
  email: string;
  calendarId: number;
  startsAt: Date;
  /** performance.now() when sent and when answered (or failed). */
  sentAt: number;
  doneAt: number;
  /** HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  body: string;
  /** Answered on a second try with the same Idempotency-Key, after the first went unanswered. */
  retried?: boolean;
}

export interface BookingStream {
  attempts: BookingAttempt[];
  /** Stops sending and resolves once every request sent has its answer. */
  stop(): Promise<BookingAttempt[]>;
}

/** The slot of tick `n`: calendars in turn, then the next quarter hour, then the next day. */
function slotOf(group: SeededGroup, n: number) {
  const firstDay = Math.floor(Date.now() / 86_400_000) + 1;
  const quarter = Math.floor(n / CALENDARS);
  const day = firstDay + Math.floor(quarter / SLOTS_PER_DAY);
  const minute = 6 * 60 + (quarter % SLOTS_PER_DAY) * 15;
  return {
    calendarId: group.calendars[n % CALENDARS]!,
    startsAt: new Date((day * 1440 + minute) * 60_000),
  };
}

async function book(
  ha: HaEnvironment,
  group: SeededGroup,
  attempt: Omit<BookingAttempt, 'doneAt' | 'status' | 'body'>,
) {
  const body = JSON.stringify({
    appointment: {
      date: attempt.startsAt.toISOString(),
      group_id: group.groupId,
      from_web: 1,
      fiche: { firstname: 'Client', lastname: 'HA', email: attempt.email },
      intervention_ids: [group.service],
      calendar_id: attempt.calendarId,
    },
  });
  return post(Number(ha.HAPROXY_HTTP_PORT), `/api/v3/appointments?apikey=${ha.API_KEY}`, body, {
    // The key a client keeps across its retries (docs/booking.md): here, the customer's e-mail.
    'idempotency-key': attempt.email,
  });
}

/**
 * One request on a connection of its own (no keep-alive): a kept-alive connection can be closed by
 * HAProxy just as the next request goes out on it, and that request would fail without ever
 * reaching HAProxy — a client-side race that says nothing about the servers behind it.
 */
function post(port: number, path: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        timeout: 30_000,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => resolve({ status: 0, body: String(error) }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    request.end(body);
  });
}

/** Two customers ask for slot `slot` at the same moment; resolves with both answers. */
export function bookSlot(ha: HaEnvironment, group: SeededGroup, slot: number, tag: string) {
  const { calendarId, startsAt } = slotOf(group, slot);
  return Promise.all(
    ['a', 'b'].map(async (customer): Promise<BookingAttempt> => {
      const sent = {
        slot,
        email: `${tag}-${slot}-${customer}@example.com`,
        calendarId,
        startsAt,
        sentAt: performance.now(),
      };
      const answer = await book(ha, group, sent);
      return { ...sent, ...answer, doneAt: performance.now() };
    }),
  );
}

/** Sends `ticksPerSecond` pairs of bookings a second, open-loop (a slow answer does not slow the stream). */
export function startBookingStream(
  ha: HaEnvironment,
  group: SeededGroup,
  options: { ticksPerSecond: number; tag: string },
): BookingStream {
  const attempts: BookingAttempt[] = [];
  const pending: Promise<void>[] = [];
  let stopped = false;
  const started = performance.now();
  const loop = (async () => {
    for (let tick = 0; !stopped; tick++) {
      const due = started + (tick * 1000) / options.ticksPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) break;
      pending.push(bookSlot(ha, group, tick, options.tag).then((pair) => void attempts.push(...pair)));
    }
  })();
  return {
    attempts,
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(pending);
      return attempts.sort((a, b) => a.sentAt - b.sentAt);
    },
  };
}

/** Whether the client got an answer it can act on: booked, or told the slot is taken. */
export const answered = (attempt: BookingAttempt) => attempt.status === 201 || attempt.status === 409;

/**
 * What a client does with a request that failed (no answer, 5xx): sends it again with the same
 * Idempotency-Key. Returns the attempts with those retried, each retry once; one booked by the
 * failed try is answered 201 again from the stored result, never booked twice.
 */
export async function retryUnanswered(ha: HaEnvironment, group: SeededGroup, attempts: BookingAttempt[]) {
  return Promise.all(
    attempts.map(async (attempt) => {
      if (answered(attempt)) return attempt;
      const sentAt = performance.now();
      const answer = await book(ha, group, attempt);
      return { ...attempt, ...answer, sentAt, doneAt: performance.now(), retried: true };
    }),
  );
}

export interface BookingAudit {
  /** Bookings answered 201. */
  acknowledged: number;
  /** 201 bookings not found exactly once, as booked (must be empty). */
  lostOrDuplicated: string[];
  /** Bookings answered something else (or nothing) that the database holds all the same. */
  committedUnacknowledged: number;
  /** Pairs of confirmed appointments of the group overlapping on one calendar (must be 0). */
  overlaps: number;
  /** Slots answered 201 more than once (must be empty). */
  slotsWonTwice: number[];
}

/** Compares what the clients were told with what the (current) primary holds. */
export async function auditBookings(
  ha: HaEnvironment,
  group: SeededGroup,
  attempts: BookingAttempt[],
): Promise<BookingAudit> {
  const client = new pg.Client({ connectionString: ha.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; calendar_id: number; starts_at: Date }>(
      `select f.email, a.calendar_id, a.starts_at
         from appointments a join fiches f on f.id = a.fiche_id
        where a.group_id = $1 and a.status = 'confirmed'`,
      [group.groupId],
    );
    const overlaps = await client.query<{ count: string }>(
      `select count(*) from appointments a
         join appointments b on b.calendar_id = a.calendar_id and b.id > a.id
          and tstzrange(b.starts_at, b.ends_at) && tstzrange(a.starts_at, a.ends_at)
        where a.group_id = $1 and a.status = 'confirmed' and b.status = 'confirmed'`,
      [group.groupId],
    );
    const held = new Map<string, { calendar_id: number; starts_at: Date }[]>();
    for (const row of rows) held.set(row.email, [...(held.get(row.email) ?? []), row]);

    const lostOrDuplicated: string[] = [];
    const winners = new Map<number, number>();
    let committedUnacknowledged = 0;
    for (const attempt of attempts) {
      const found = held.get(attempt.email) ?? [];
      if (attempt.status === 201) {
        winners.set(attempt.slot, (winners.get(attempt.slot) ?? 0) + 1);
        const asBooked =
          found.length === 1 &&
          found[0]!.calendar_id === attempt.calendarId &&
          found[0]!.starts_at.getTime() === attempt.startsAt.getTime();
        if (!asBooked) lostOrDuplicated.push(`${attempt.email}: ${found.length} in the database`);
      } else if (found.length > 0) {
        committedUnacknowledged++;
      }
    }
    return {
      acknowledged: attempts.filter((a) => a.status === 201).length,
      lostOrDuplicated,
      committedUnacknowledged,
      overlaps: Number(overlaps.rows[0]!.count),
      slotsWonTwice: [...winners].filter(([, wins]) => wins > 1).map(([slot]) => slot),
    };
  } finally {
    await client.end();
  }
}

/** How many answers of each status, e.g. { 201: 120, 409: 118, 502: 2 }. */
export function statusCounts(attempts: BookingAttempt[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const attempt of attempts) counts[attempt.status] = (counts[attempt.status] ?? 0) + 1;
  return counts;
}
