/**
 * Sharding by group (docs/operations.md "Sharding"): two PostgreSQL databases that share nothing —
 * the directory (shard `main`) and `eu2` —, a group on each, one server address in front. Each
 * group's booking journey runs on its own shard, one account books in both, the spec's look-ups
 * answer from the directory, and a second server hears a booking made on the non-directory shard.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { registerGroup } from '../src/sharding/shard-directory.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { adminUrl, databaseUrl } from './support/postgres-urls.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const START = '2026-11-23T08:00:00Z';

/** A database of its own, cloned from the migrated template, named after this branch's work. */
async function createShardDatabase(role: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL is not available to this test run');
  const name = `h_shard_${role}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Rows of a table on one database, read straight from it (not through the server). */
async function countOn(url: string, query: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(query, values)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe.runIf(inject('postgresTemplate'))('sharding by group over two databases', () => {
  let directory: { url: string; drop: () => Promise<void> };
  let eu2: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let t: TestApp;
  const groups: Record<'main' | 'eu2', { id: number; ids: Record<string, number> }> = {} as never;

  beforeAll(async () => {
    [directory, eu2] = await Promise.all([createShardDatabase('dir'), createShardDatabase('eu2')]);
    handle = await openDatabase({ databaseUrl: directory.url, poolSize: 5 });
    t = await createTestApp(handle, {
      now: START,
      config: { shards: { eu2: eu2.url } },
      logStream: process.stderr,
    });
    for (const shard of ['main', 'eu2'] as const) {
      const config = sampleGroup({ urlname: `shard-${shard}`, website: null }) as any;
      config.settings.rules = { min_notice_minutes: 0, cancel_notice_minutes: 0 };
      // What the group CLI and sign-up do: write the group on its shard, record it in the directory.
      const view = t.ctx.shards!.router.view(shard);
      const { id } = await importGroupConfig(view, config);
      await registerGroup(view, { groupId: id, urlname: `shard-${shard}`, shard });
      groups[shard] = { id, ids: await idsByExternid(t, id) };
    }
  });
  afterAll(async () => {
    await t?.app.close();
    await handle?.close();
    await Promise.all([directory?.drop(), eu2?.drop()]);
  });

  it('keeps each group on its own database and ids unique across them', async () => {
    const groupRows = 'select count(*) as n from groups where id = $1';
    expect(await countOn(directory.url, groupRows, [groups.main.id])).toBe(1);
    expect(await countOn(eu2.url, groupRows, [groups.main.id])).toBe(0);
    expect(await countOn(eu2.url, groupRows, [groups.eu2.id])).toBe(1);
    expect(await countOn(directory.url, groupRows, [groups.eu2.id])).toBe(0);
    // eu2 draws its ids from its own range (db/shards.ts): no id of one is an id of the other.
    expect(groups.eu2.id).toBeGreaterThan(100_000_000);
    expect(groups.main.id).toBeLessThan(100_000_000);
  });

  it('answers /urlname and /shard from the directory', async () => {
    for (const shard of ['main', 'eu2'] as const) {
      const found = await call(t, 'GET', `/api/shard?value=shard-${shard}&field=urlname`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ shard_name: shard });
    }
    expect((await call(t, 'GET', '/api/shard?value=nowhere&field=urlname')).status).toBe(404);
  });

  it('runs the whole booking journey on both shards through one address', async () => {
    await createAccount(t.ctx.db, { email: 'both-shards@example.com' });
    const token = await loginAs(t, 'both-shards@example.com');
    for (const shard of ['main', 'eu2'] as const) {
      const { id: groupId, ids } = groups[shard];
      const params = `start=2026-11-24&nDays=1&intervention_ids[]=${ids.cut}&calendar_id=${ids.alice}`;
      const before = await slots(t, groupId, params, token);
      expect(before.status).toBe(200);
      const first = before.body.availabletimeslots[0].start as string;
      const fiche = await call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
        token,
        body: { fiche: newFiche('Shared') },
      });
      expect(fiche.status).toBe(201);
      const booked = await book(
        t,
        {
          date: first,
          group_id: groupId,
          fiche: fiche.body.id,
          intervention_ids: [ids.cut],
          calendar_id: ids.alice,
        },
        { token },
      );
      expect(booked.status).toBe(201);
      const appointmentId = booked.body.records[0].id as number;
      // Written on the group's shard only.
      const onShard = 'select count(*) as n from appointments where id = $1';
      expect(await countOn(shard === 'main' ? directory.url : eu2.url, onShard, [appointmentId])).toBe(1);
      expect(await countOn(shard === 'main' ? eu2.url : directory.url, onShard, [appointmentId])).toBe(0);
      // The slot is gone, the account sees the booking in that group, and cancels it.
      const after = await slots(t, groupId, params, token);
      expect(after.body.availabletimeslots.map((s: { start: string }) => s.start)).not.toContain(first);
      const listed = await call(t, 'GET', `/api/v3/appointments?group_id=${groupId}`, { token });
      expect(listed.status).toBe(200);
      expect(listed.body.map((a: { id: number }) => a.id)).toContain(appointmentId);
      const cancelled = await call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
        token,
        body: { appointments: [{ id: appointmentId }] },
      });
      expect(cancelled.status).toBe(200);
      const again = await slots(t, groupId, params, token);
      expect(again.body.availabletimeslots.map((s: { start: string }) => s.start)).toContain(first);
    }
  });
});
