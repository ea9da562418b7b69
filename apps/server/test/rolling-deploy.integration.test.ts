/**
 * Rolling deploys (docs/operations.md, "Migrations and rolling deploys"): while the new release
 * migrates the database, the previous release keeps serving on the new schema.
 * 1. This code starts on a database a newer release has already migrated (Kysely alone would call
 *    it corrupted), and refuses one that lacks a migration it needs.
 * 2. The previous release's own code, taken from git, serves the booking journey over HTTP against
 *    a database migrated with every migration of this release.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrationNames } from '../src/db/migrate.ts';
import { checkReadiness } from '../src/operations/readiness.ts';
import { createPgliteDatabase } from './support/test-db.ts';

describe('a database migrated by a newer release', () => {
  it('is used as it is: nothing to migrate, and ready', async () => {
    const handle = await createPgliteDatabase();
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', now()::text)`.execute(
        handle.db,
      );
      await expect(migrateToLatest(handle.db)).resolves.toBeUndefined();
      expect(await checkReadiness(handle.db)).toEqual({ ready: true, database: 'ok', migrations: 'applied' });
    } finally {
      await handle.close();
    }
  });

  it('is refused when it lacks a migration this code needs', async () => {
    const handle = await createPgliteDatabase();
    try {
      const needed = migrationNames.at(-1)!;
      await sql`delete from kysely_migration where name = ${needed}`.execute(handle.db);
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', now()::text)`.execute(
        handle.db,
      );
      await expect(migrateToLatest(handle.db)).rejects.toThrow(
        new RegExp(`does not know \\(999-from-a-newer-release\\) but lacks ${needed}`),
      );
    } finally {
      await handle.close();
    }
  });
});
