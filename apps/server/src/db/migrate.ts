import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Database } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as accountPendingBooking from './migrations/002-account-pending-booking.ts';
import * as catalogueVersion from './migrations/003-catalogue-version.ts';
import * as calendarsetAddress from './migrations/004-calendarset-address.ts';
import * as mailOutboxPending from './migrations/005-mail-outbox-pending.ts';
import * as fichePersonKeys from './migrations/006-fiche-person-keys.ts';

// Listed in code rather than read from a folder so bundlers and tsx agree on what exists.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-account-pending-booking': accountPendingBooking,
  '003-catalogue-version': catalogueVersion,
  '004-calendarset-address': calendarsetAddress,
  '005-mail-outbox-pending': mailOutboxPending,
  '006-fiche-person-keys': fichePersonKeys,
};

/** Every migration, in order of application. */
export const migrationNames = Object.keys(migrations);

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
