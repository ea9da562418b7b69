/**
 * The point-in-time restore drill of docs/operations.md: a base backup, booking A, the time noted,
 * booking B, then the base backup replayed from the WAL archive up to the noted time into a new
 * data directory. A is there, B is not.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { auditBookings, bookSlot, type SeededGroup, seedGroup } from './support/bookings.ts';
import { runDeployScript, waitFor, waitForHealthyDatabase } from './support/cluster.ts';

const ha = inject('ha');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const restoredDir = path.join(ha.HA_DIR, 'restored');
const restoredPort = Number(ha.HA_PORT_BASE) + 41;

afterAll(() => {
  // Stop the restored copy: a test run leaves nothing running.
  const asDbUser =
    process.getuid?.() === 0 ? ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups'] : [];
  const stop = [...asDbUser, `${PG_BIN}/pg_ctl`, '-D', restoredDir, '-m', 'fast', 'stop'];
  spawnSync(stop[0]!, stop.slice(1), { stdio: 'ignore' });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Books one slot (a pair of customers asking for it at once: one gets it) and returns the winner. */
/** Books one slot (two customers asking for it at once: one gets it) and returns both answers. */
async function bookOne(group: SeededGroup, slot: number, tag: string) {
  const attempts = await bookSlot(ha, group, slot, tag);
  const won = attempts.filter((a) => a.status === 201);
  expect(won, JSON.stringify(attempts.map((a) => `${a.status} ${a.body.slice(0, 300)}`))).toHaveLength(1);
  return { attempts, winner: won[0]! };
}

test('a restore to a moment between two bookings brings back the first and not the second', async () => {
  await waitForHealthyDatabase(ha);
  const group = await seedGroup(ha, 'ha-pitr');
  const backup = path.join(ha.HA_DIR, 'backups', `base-${Date.now()}`);
  await runDeployScript('base-backup.sh', ['127.0.0.1', ha.HAPROXY_PG_PORT, backup]);

  const a = await bookOne(group, 0, 'pitr-a');
  // The moment to restore to, by the database's clock: after A's commit, before B's.
  const { target } = (
    await query<{ target: string }>(ha.DATABASE_URL, 'select clock_timestamp()::text as target')
  )[0]!;
  const b = await bookOne(group, 1, 'pitr-b');

  // Close the WAL segment holding B and wait until the archive has it: the replay needs a commit
  // after the target to know where to stop.
  const { segment } = (
    await query<{ segment: string }>(ha.DATABASE_URL, 'select pg_walfile_name(pg_switch_wal()) as segment')
  )[0]!;
  await waitFor(`WAL segment ${segment} in the archive`, 60_000, async () => {
    const [archived] = await query<{ last: string | null }>(
      ha.DATABASE_URL,
      'select last_archived_wal as last from pg_stat_archiver',
    );
    return archived?.last && archived.last.slice(8) >= segment.slice(8) ? true : undefined;
  });

  const started = performance.now();
  const output = await runDeployScript('pitr-restore.sh', [
    backup,
    path.join(ha.HA_DIR, 'wal-archive'),
    target,
    restoredDir,
    String(restoredPort),
  ]);
  console.log(
    `PITR to ${target}: restored in ${((performance.now() - started) / 1000).toFixed(1)} s\n${output}`,
  );

  const restored = { ...ha, DATABASE_URL: `postgres://postgres@127.0.0.1:${restoredPort}/creneau` };
  const afterRestore = await auditBookings(restored, group, [...a.attempts, ...b.attempts]);
  const emails = await query<{ email: string }>(
    restored.DATABASE_URL,
    `select f.email from appointments a join fiches f on f.id = a.fiche_id where a.group_id = $1`,
    [group.groupId],
  );
  expect(emails.map((e) => e.email)).toEqual([a.winner.email]);
  expect(afterRestore.overlaps).toBe(0);
  // The live cluster still has both.
  const live = await auditBookings(ha, group, [...a.attempts, ...b.attempts]);
  expect(live.acknowledged).toBe(2);
  expect(live.lostOrDuplicated).toEqual([]);
});
