/**
 * The busy back office of the agenda benchmarks (docs/benchmarks.md): a group of 20 calendars
 * with 5,000 ten-minute appointments in the current week, and its owner, written straight into a
 * fresh database.
 */
import { openDatabase } from '@creneau/server/db/connection';
import { migrateToLatest } from '@creneau/server/db/migrate';
import { hashPassword } from '@creneau/server/modules/accounts/password-hashing';
import { importGroupConfig } from '@creneau/server/modules/group-config/group-config.service';

export const AGENDA_URLNAME = 'bench-agenda';

export const CALENDARS = 20;
export const APPOINTMENTS_IN_WEEK = 5_000;
const ZONE = 'Europe/Paris';
export const OWNER = { email: 'owner@bench.example', password: 'Bench-Agenda-2026!' };

/** The Monday of this week, in the group's zone. */
export function monday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

export async function seedAgendaGroup(databaseUrl: string): Promise<number> {
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  try {
    await migrateToLatest(handle.db);
    const hours = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['07:00', '21:00']]]),
    );
    const { id: groupId } = await importGroupConfig(handle.db, {
      urlname: AGENDA_URLNAME,
      name: 'Agenda bench',
      settings: { timezone: ZONE },
      interventions: [{ externid: 'visit', name: 'Visit', publicname: 'Visit', length: 10, price: 2000 }],
      calendars: Array.from({ length: CALENDARS }, (_, i) => ({
        externid: `staff-${i + 1}`,
        name: `Staff ${i + 1}`,
        publicname: `Staff ${i + 1}`,
        weekly: hours,
        interventions: [{ intervention: 'visit' }],
      })),
    } as never);
    const service = await handle.db
      .selectFrom('interventions')
      .select('id')
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    const calendars = (
      await handle.db
        .selectFrom('calendars')
        .select('id')
        .where('group_id', '=', groupId)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    const account = await handle.db
      .insertInto('accounts')
      .values({
        email: OWNER.email,
        password_hash: await hashPassword(OWNER.password),
        role: 'pro',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('pro_groups')
      .values({ account_id: account.id, group_id: groupId, role: 'owner' })
      .execute();
    // 5,000 ten-minute appointments over the week: 250 per calendar, 7 days × 84 ten-minute places.
    const fiches = await handle.db
      .insertInto('fiches')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          group_id: groupId,
          firstname: `Customer`,
          lastname: `${i + 1}`,
          email: `customer${i + 1}@example.com`,
          fields: '{}',
        })),
      )
      .returning('id')
      .execute();
    const start = Date.parse(`${monday()}T06:00:00Z`); // 07:00 in Paris in winter
    const rows = [];
    for (let n = 0; n < APPOINTMENTS_IN_WEEK; n++) {
      const calendar = calendars[n % CALENDARS]!;
      const place = Math.floor(n / CALENDARS); // 0 … 249, spread over the week
      const day = place % 7;
      const slot = Math.floor(place / 7) * 2; // every other ten minutes
      const startsAt = new Date(start + day * 86_400_000 + slot * 10 * 60_000);
      rows.push({
        group_id: groupId,
        fiche_id: fiches[n % fiches.length]!.id,
        intervention_id: service.id,
        calendar_id: calendar,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 10 * 60_000),
        duration: 10,
        vevent: '{}',
      });
    }
    for (let i = 0; i < rows.length; i += 1000)
      await handle.db
        .insertInto('appointments')
        .values(rows.slice(i, i + 1000))
        .execute();
    console.log(`seeded ${CALENDARS} calendars and ${rows.length} appointments in the week of ${monday()}`);
    return groupId;
  } finally {
    await handle.close();
  }
}
