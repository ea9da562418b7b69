/**
 * The attempt counters a call takes before its work commit without waiting for the WAL flush, and
 * only they (docs/api.md "Rate limits"): a deferred trigger on login_throttle records the
 * `synchronous_commit` in force when each counting transaction commits — deferred triggers run at
 * the commit, just before PostgreSQL decides whether to wait for the flush.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { type Attempt, LIMITS, takeAttemptsInTurn } from '../src/modules/security/attempt-limits.ts';
import { createPgliteDatabase, createPostgresDatabase, engines } from './support/test-db.ts';

const attempts = (subject: string): Attempt[] => [
  { limit: LIMITS.bookingsPerAddressAndPerson, subject: `${subject}|person`, now: new Date() },
  { limit: LIMITS.bookingsPerAddress, subject, now: new Date() },
];

for (const engine of engines()) {
  describe(`attempt counters' commit [${engine}]`, () => {
    let handle: DatabaseHandle;
    // One connection, so that what a statement leaves on its session is what the next one finds.
    beforeAll(async () => {
      handle = engine === 'pglite' ? await createPgliteDatabase() : await createPostgresDatabase(1);
      await sql`create table commit_settings (key text, synchronous_commit text)`.execute(handle.db);
      await sql`
        create function record_commit_setting() returns trigger language plpgsql as $$
        begin
          insert into commit_settings values (new.key, current_setting('synchronous_commit'));
          return null;
        end $$`.execute(handle.db);
      await sql`
        create constraint trigger record_commit_setting after insert or update on login_throttle
        deferrable initially deferred for each row execute function record_commit_setting()`.execute(
        handle.db,
      );
    });
    afterAll(async () => {
      await handle?.close();
    });

    const settingsAtCommit = async (subject: string) =>
      (
        await sql<{ key: string; synchronous_commit: string }>`
          select key, synchronous_commit from commit_settings where key like ${`%${subject}%`} order by key`.execute(
          handle.db,
        )
      ).rows;

    it('counted on their own, they commit without waiting for the flush, and the session keeps its setting', async () => {
      await takeAttemptsInTurn(handle.db, attempts('198.51.100.7'));
      const recorded = await settingsAtCommit('198.51.100.7');
      expect(recorded.map((row) => row.key)).toEqual([
        'booking-ip-person:198.51.100.7|person',
        'booking-ip:198.51.100.7',
      ]);
      expect(recorded.every((row) => row.synchronous_commit === 'off')).toBe(true);
      const after = await sql<{
        setting: string;
      }>`select current_setting('synchronous_commit') as setting`.execute(handle.db);
      expect(after.rows[0]?.setting).toBe('on');
    });

    it('counted inside a transaction, they leave its commit as it was: the booking waits for the flush', async () => {
      await handle.db.transaction().execute(async (trx) => {
        await takeAttemptsInTurn(trx, attempts('198.51.100.8'));
        await trx
          .insertInto('login_throttle')
          .values({ key: 'booking-written-with:198.51.100.8', failures: 1, window_started_at: new Date() })
          .execute();
      });
      const recorded = await settingsAtCommit('198.51.100.8');
      expect(recorded).toHaveLength(3);
      expect(recorded.every((row) => row.synchronous_commit === 'on')).toBe(true);
    });

    it('a refusal on the second counter still commits the first one without the wait', async () => {
      const limited = [
        { limit: { kind: 'first', max: 5, windowMs: 60_000 }, subject: '198.51.100.9', now: new Date() },
        { limit: { kind: 'second', max: 0, windowMs: 60_000 }, subject: '198.51.100.9', now: new Date() },
      ];
      await expect(takeAttemptsInTurn(handle.db, limited)).rejects.toMatchObject({ kind: 'tooManyRequests' });
      const recorded = await settingsAtCommit('198.51.100.9');
      expect(recorded.map((row) => [row.key, row.synchronous_commit])).toEqual([
        ['first:198.51.100.9', 'off'],
        ['second:198.51.100.9', 'off'],
      ]);
    });
  });
}
