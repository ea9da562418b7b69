import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { forEachDatabase } from './support/test-db.ts';

const TABLES = [
  'accounts',
  'appointment_history',
  'appointments',
  'calendar_feeds',
  'calendar_interventions',
  'calendars',
  'calendarsets',
  'email_tokens',
  'fiches',
  'form_fields',
  'group_config_versions',
  'group_images',
  'groups',
  'idempotency_keys',
  'interventions',
  'interventionsets',
  'jobs',
  'login_throttle',
  'mail_outbox',
  'opening_ranges',
  'pro_groups',
  'promotions',
  'schedule_exceptions',
  'sessions',
  'shard_directory',
  'shards',
  'staff_calendars',
  'staff_invitations',
  'waitlist_entries',
  'waitlist_offers',
  'webhook_deliveries',
  'webhook_endpoints',
  'websites',
];

forEachDatabase('migrations', (database) => {
  it('create every table of the spec', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(
      database().db,
    );
    expect(rows.map((r) => r.table_name)).toEqual(TABLES);
  });

  it('put group_id on every table of a group (the shard key)', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'group_id' order by table_name`.execute(database().db);
    // Not on groups (its id is the key), accounts (a person's identity spans groups) and the login
    // throttle (keyed by client address), nor on the list of shards; mail, sessions, links and the
    // shard directory name their group when they have one.
    const expected = TABLES.filter((t) => !['accounts', 'groups', 'login_throttle', 'shards'].includes(t));
    expect(rows.map((r) => r.table_name)).toEqual(expected);
  });

  it('are idempotent', async () => {
    await migrateToLatest(database().db);
    await migrateToLatest(database().db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database().db,
    );
    expect(rows.map((row) => row.name)).toEqual(migrationNames);
  });

  it('refuse two overlapping confirmed appointments on a capacity-1 calendar', async () => {
    const db = database().db;
    const { id: groupId } = await importGroupConfig(db, sampleGroup());
    const calendar = await db
      .selectFrom('calendars')
      .select('id')
      .where('externid', '=', 'alice')
      .executeTakeFirstOrThrow();
    const service = await db
      .selectFrom('interventions')
      .select('id')
      .where('externid', '=', 'cut')
      .executeTakeFirstOrThrow();
    const fiche = await db
      .insertInto('fiches')
      .values({ group_id: groupId, firstname: 'A', lastname: 'B', fields: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (start: string, end: string) => ({
      group_id: groupId,
      fiche_id: fiche.id,
      intervention_id: service.id,
      calendar_id: calendar.id,
      starts_at: start,
      ends_at: end,
      duration: 45,
      vevent: '{}',
      calendar_exclusive: true,
    });
    await db.insertInto('appointments').values(row('2026-12-01T09:00:00Z', '2026-12-01T09:45:00Z')).execute();
    await expect(
      db.insertInto('appointments').values(row('2026-12-01T09:30:00Z', '2026-12-01T10:15:00Z')).execute(),
    ).rejects.toThrow(/exclu|conflict/i);
    // Touching intervals do not overlap: [09:45, 10:30) starts where the first ends.
    await db.insertInto('appointments').values(row('2026-12-01T09:45:00Z', '2026-12-01T10:30:00Z')).execute();
  });
});

describe('embedded database', () => {
  it('keeps its data across restarts in DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-persist-'));
    const first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await importGroupConfig(first.db, sampleGroup());
    await first.close();

    const second = await openDatabase({ dataDir });
    await migrateToLatest(second.db);
    const group = await second.db.selectFrom('groups').select(['urlname', 'name']).executeTakeFirst();
    await second.close();
    expect(group).toEqual({ urlname: 'test-salon', name: 'Salon Test' });
  });

  it('refuses a second process on the same data directory', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-lock-'));
    const { writeFileSync } = await import('node:fs');
    // pid 1 is always alive: it stands for another process holding the database.
    writeFileSync(path.join(dataDir, 'creneau.pid'), '1');
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process 1/);
  });
});
