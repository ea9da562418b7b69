import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as accountPendingBooking from './migrations/002-account-pending-booking.ts';
import * as catalogueVersion from './migrations/003-catalogue-version.ts';
import * as calendarsetAddress from './migrations/004-calendarset-address.ts';
import * as mailOutboxPending from './migrations/005-mail-outbox-pending.ts';
import * as fichePersonKeys from './migrations/006-fiche-person-keys.ts';
import * as staffRoles from './migrations/007-staff-roles.ts';
import * as staffInvitations from './migrations/008-staff-invitations.ts';
import * as configVersions from './migrations/009-group-config-versions.ts';
import * as groupImages from './migrations/010-group-images.ts';
import * as jobs from './migrations/011-jobs.ts';
import * as reminders from './migrations/012-reminders.ts';
import * as calendarFeeds from './migrations/013-calendar-feeds.ts';
import * as webhooks from './migrations/014-webhooks.ts';
import * as waitlist from './migrations/015-waitlist.ts';
import * as settingsVersion from './migrations/016-settings-version.ts';
import * as groupNotify from './migrations/017-group-notify.ts';
import * as shardDirectory from './migrations/018-shard-directory.ts';
import * as heldWriteRefusal from './migrations/019-held-write-refusal.ts';

// Listed in code rather than read from a folder so bundlers and tsx agree on what exists.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-account-pending-booking': accountPendingBooking,
  '003-catalogue-version': catalogueVersion,
  '004-calendarset-address': calendarsetAddress,
  '005-mail-outbox-pending': mailOutboxPending,
  '006-fiche-person-keys': fichePersonKeys,
  '007-staff-roles': staffRoles,
  '008-staff-invitations': staffInvitations,
  '009-group-config-versions': configVersions,
  '010-group-images': groupImages,
  '011-jobs': jobs,
  '012-reminders': reminders,
  '013-calendar-feeds': calendarFeeds,
  '014-webhooks': webhooks,
  '015-waitlist': waitlist,
  '016-settings-version': settingsVersion,
  '017-group-notify': groupNotify,
  '018-shard-directory': shardDirectory,
  '019-held-write-refusal': heldWriteRefusal,
};

/** Every migration, in order of application. */
export const migrationNames = Object.keys(migrations);

/** Names in Kysely's bookkeeping table, which is absent until the first migration ran. */
export async function appliedMigrationNames(db: Kysely<Database>): Promise<Set<string>> {
  const { rows: exists } = await sql<{ table: string | null }>`
    select to_regclass('public.kysely_migration')::text as table`.execute(db);
  if (!exists[0]?.table) return new Set();
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/**
 * Brings the schema up to date; throws with the failing migration's error.
 *
 * A database that already holds migrations this code does not know was migrated by a newer
 * release: during a rolling deploy the previous release keeps running (and restarting) beside it.
 * Migrations only ever add (docs/operations.md, "Migrations and rolling deploys"), so this code
 * runs as is on that schema — as long as every migration it knows is there. (Kysely's migrator
 * would refuse such a database as "corrupted".)
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (await migratedByNewerRelease(db)) return;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  // A newer release may have migrated while this process waited for the migration lock.
  if (error && (await migratedByNewerRelease(db))) return;
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * Whether the database holds migrations this code does not know, every one it knows included;
 * throws when it holds newer ones but lacks one of ours (no release can run on that).
 */
async function migratedByNewerRelease(db: Kysely<Database>): Promise<boolean> {
  const applied = await appliedMigrationNames(db);
  const newer = [...applied].filter((name) => !(name in migrations));
  if (newer.length === 0) return false;
  const missing = migrationNames.filter((name) => !applied.has(name));
  if (missing.length > 0)
    throw new Error(
      `the database has migrations this code does not know (${newer.join(', ')}) but lacks ${missing.join(', ')}`,
    );
  return true;
}
