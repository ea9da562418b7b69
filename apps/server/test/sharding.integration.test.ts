/**
 * Sharding by group (docs/operations.md "Sharding"): two PostgreSQL clusters — the directory (shard
 * `main`) on the tests' server and `eu2` on a second one —, a group on each, one server address in front. Each
 * group's booking journey runs on its own shard, one account books in both, the spec's look-ups
 * answer from the directory, and a second server hears a booking made on the non-directory shard.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/connection.ts';
import { startMailWorker } from '../src/mail/mail-worker.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { GroupMoveError, moveGroup } from '../src/sharding/group-move.ts';
import { GroupRenameError, renameGroup } from '../src/sharding/group-rename.ts';
import { shardContexts } from '../src/sharding/group-shard-context.ts';
import { registerGroup } from '../src/sharding/shard-directory.ts';
import { call, createAccount, loginAs, STRONG_PASSWORD } from './support/accounts.ts';
import { book, idsByExternid, newFiche, slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { countOn, createTwoClusterShards } from './support/shard-databases.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const START = '2026-11-23T08:00:00Z';

describe.runIf(inject('postgresTemplate'))('sharding by group over two PostgreSQL clusters', () => {
  let directory: { url: string; drop: () => Promise<void> };
  let eu2: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let t: TestApp;
  const groups: Record<'main' | 'eu2', { id: number; ids: Record<string, number> }> = {} as never;

  async function createGroupOn(shard: 'main' | 'eu2', urlname: string) {
    const config = sampleGroup({ urlname, website: null }) as any;
    config.settings.rules = { min_notice_minutes: 0, cancel_notice_minutes: 0 };
    // What the group CLI and sign-up do: write the group on its shard, record it in the directory.
    const view = t.ctx.shards!.router.view(shard);
    const { id } = await importGroupConfig(view, config);
    await registerGroup(view, { groupId: id, urlname, shard });
    return { id, ids: await idsByExternid(t, id) };
  }
  /** The shards' own databases (not the routed views), as the group CLI opens them. */
  const shardDbs = () => new Map([...['main', 'eu2']].map((name) => [name, t.ctx.shards!.router.view(name)]));

  beforeAll(async () => {
    [directory, eu2] = await createTwoClusterShards({ directory: 'dir', shard: 'eu2' });
    handle = await openDatabase({ databaseUrl: directory.url, poolSize: 5 });
    t = await createTestApp(handle, {
      now: START,
      config: { shards: { eu2: eu2.url } },
      logStream: process.stderr,
    });
    for (const shard of ['main', 'eu2'] as const)
      groups[shard] = await createGroupOn(shard, `shard-${shard}`);
  });
  afterAll(async () => {
    await t?.app.close();
    await handle?.close();
    await Promise.all([directory?.drop(), eu2?.drop()]);
  });

  it('keeps each group on its own cluster and ids unique across them', async () => {
    // Two clusters, not two databases of one server: each has its own system identifier (initdb's).
    const cluster = 'select system_identifier::text as n from pg_control_system()';
    expect(await countOn(directory.url, cluster)).not.toBe(await countOn(eu2.url, cluster));
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

  it('lets another server hear a booking made on the non-directory shard', async () => {
    const other = await createTestApp(handle, { now: START, config: { shards: { eu2: eu2.url } } });
    try {
      const { id: groupId, ids } = groups.eu2;
      const params = `start=2026-11-26&nDays=1&intervention_ids[]=${ids.cut}&calendar_id=${ids.alice}`;
      const kept = await slots(other, groupId, params);
      const first = kept.body.availabletimeslots[0].start as string;
      const booked = await book(t, {
        date: first,
        group_id: groupId,
        fiche: newFiche('Heard'),
        intervention_ids: [ids.cut],
        calendar_id: ids.alice,
      });
      expect(booked.status).toBe(201);
      const heardBy = performance.now() + 2_000;
      for (;;) {
        const answer = await slots(other, groupId, params);
        if (!answer.body.availabletimeslots.some((slot: { start: string }) => slot.start === first)) break;
        expect(performance.now()).toBeLessThan(heardBy);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await other.app.close();
    }
  });

  it('moves a group to another shard with its appointments; its account and bookings keep working', async () => {
    const moving = await createGroupOn('main', 'shard-moving');
    await createAccount(t.ctx.db, { email: 'mover@example.com' });
    const token = await loginAs(t, 'mover@example.com');
    const params = `start=2026-11-24&nDays=1&intervention_ids[]=${moving.ids.cut}&calendar_id=${moving.ids.alice}`;
    const open = (await slots(t, moving.id, params)).body.availabletimeslots.map(
      (s: { start: string }) => s.start,
    );
    const fiche = await call(t, 'POST', `/api/v3/groups/${moving.id}/fiches`, {
      token,
      body: { fiche: newFiche('Mover') },
    });
    const appointment = { group_id: moving.id, fiche: fiche.body.id, intervention_ids: [moving.ids.cut] };
    const kept = await book(t, { ...appointment, date: open[0], calendar_id: moving.ids.alice }, { token });
    expect(kept.status).toBe(201);
    const keptId = kept.body.records[0].id as number;

    let duringMove: Awaited<ReturnType<typeof book>> | undefined;
    const result = await moveGroup(t.ctx.db, shardDbs(), 'shard-moving', 'eu2', {
      graceMs: 0,
      afterCopy: async () => {
        // The directory's mark reaches the server by notification: a booking is refused, readably.
        const until = performance.now() + 2_000;
        do {
          duringMove = await book(
            t,
            { ...appointment, date: open[1], calendar_id: moving.ids.alice },
            { token },
          );
        } while (duringMove.status !== 503 && performance.now() < until);
      },
    });
    expect(duringMove?.status).toBe(503);
    expect(duringMove?.body.messages.errors).toContain('serverBusy');
    expect(Number(duringMove?.headers['retry-after'])).toBeGreaterThan(0);
    expect(result.rows.appointments).toBe(1);
    expect(result.rows.fiches).toBe(1);

    // The rows now live on eu2 only, with their ids.
    expect(await countOn(eu2.url, 'select count(*) as n from appointments where id = $1', [keptId])).toBe(1);
    expect(
      await countOn(directory.url, 'select count(*) as n from appointments where group_id = $1', [moving.id]),
    ).toBe(0);
    expect(await countOn(directory.url, 'select count(*) as n from groups where id = $1', [moving.id])).toBe(
      0,
    );
    expect((await call(t, 'GET', '/api/shard?value=shard-moving&field=urlname')).body).toEqual({
      shard_name: 'eu2',
    });

    // The same account still sees its booking, the slot stays taken, and booking and cancelling work.
    const listed = await call(t, 'GET', `/api/v3/appointments?group_id=${moving.id}`, { token });
    expect(listed.body.map((a: { id: number }) => a.id)).toEqual([keptId]);
    const now = (await slots(t, moving.id, params)).body.availabletimeslots.map(
      (s: { start: string }) => s.start,
    );
    expect(now).not.toContain(open[0]);
    const after = await book(t, { ...appointment, date: now[0], calendar_id: moving.ids.alice }, { token });
    expect(after.status).toBe(201);
    expect(
      await countOn(eu2.url, 'select count(*) as n from appointments where id = $1', [
        after.body.records[0].id,
      ]),
    ).toBe(1);
    const cancelled = await call(t, 'POST', `/api/v3/groups/${moving.id}/appointments/batch_delete`, {
      token,
      body: { appointments: [{ id: keptId }] },
    });
    expect(cancelled.status).toBe(200);
  });

  it('leaves a group where it was when a write slips into the source during the copy', async () => {
    const stays = await createGroupOn('main', 'shard-stays');
    await expect(
      moveGroup(t.ctx.db, shardDbs(), 'shard-stays', 'eu2', {
        graceMs: 0,
        afterCopy: async () => {
          const client = new pg.Client({ connectionString: directory.url });
          await client.connect();
          await client.query(
            `insert into fiches (group_id, firstname, lastname, fields) values ($1, 'Late', 'Write', '{}')`,
            [stays.id],
          );
          await client.end();
        },
      }),
    ).rejects.toThrow(GroupMoveError);
    expect(await countOn(eu2.url, 'select count(*) as n from groups where id = $1', [stays.id])).toBe(0);
    expect(
      await countOn(directory.url, 'select count(*) as n from fiches where group_id = $1', [stays.id]),
    ).toBe(1);
    expect((await call(t, 'GET', '/api/shard?value=shard-stays&field=urlname')).body).toEqual({
      shard_name: 'main',
    });
    const booked = await book(t, {
      date: (await slots(t, stays.id, `start=2026-11-24&nDays=1&intervention_ids[]=${stays.ids.cut}`)).body
        .availabletimeslots[0].start,
      group_id: stays.id,
      fiche: newFiche('Stayer'),
      intervention_ids: [stays.ids.cut],
    });
    expect(booked.status).toBe(201);
  });

  it('renames a group on either shard: the directory follows, the old name answers 404', async () => {
    for (const shard of ['main', 'eu2'] as const) {
      const [before, after] = [`rename-${shard}`, `renamed-${shard}`];
      const domain = `rename-${shard}.example`;
      const config = sampleGroup({ urlname: before, website: { ...sampleGroup().website!, domain } }) as any;
      const view = t.ctx.shards!.router.view(shard);
      const { id } = await importGroupConfig(view, config);
      await registerGroup(view, { groupId: id, urlname: before, shard });
      // Read once under the old name, so that whatever a server keeps of it is kept.
      expect((await call(t, 'GET', `/api/v3/services/groups/${before}.json`)).status).toBe(200);

      await renameGroup(view, before, after);

      expect((await call(t, 'GET', `/api/shard?value=${after}&field=urlname`)).body).toEqual({
        shard_name: shard,
      });
      const page = await call(t, 'GET', `/api/v3/services/groups/${after}.json`);
      expect([page.status, page.body.id, page.body.urlname]).toEqual([200, id, after]);
      expect((await call(t, 'GET', `/api/urlname?website=${domain}`)).body).toEqual({
        urlname: after,
        shard_name: shard,
      });
      expect((await call(t, 'GET', `/api/v3/services/groups/${before}.json`)).status).toBe(404);
      expect((await call(t, 'GET', `/api/shard?value=${before}&field=urlname`)).status).toBe(404);
    }
    // A name a group on the other shard has is refused, and nothing changes.
    await expect(
      renameGroup(t.ctx.shards!.router.view('eu2'), 'renamed-eu2', 'renamed-main'),
    ).rejects.toThrow(GroupRenameError);
    expect((await call(t, 'GET', '/api/shard?value=renamed-eu2&field=urlname')).body).toEqual({
      shard_name: 'eu2',
    });
    expect(await countOn(eu2.url, "select count(*) as n from groups where urlname = 'renamed-eu2'")).toBe(1);
  });

  it('places a new group on the least loaded shard', async () => {
    const directoryOf = t.ctx.shards!.directory;
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          ['main', 'eu2'].map(async (shard) => [
            shard,
            await countOn(directory.url, 'select count(*) as n from shard_directory where shard = $1', [
              shard,
            ]),
          ]),
        ),
      ) as Record<string, number>;
    const before = await counts();
    const expected = before.main! <= before.eu2! ? 'main' : 'eu2';
    expect(await directoryOf.leastLoaded()).toBe(expected);
    await createGroupOn(expected as 'main' | 'eu2', 'shard-placed');
    const after = await counts();
    expect(await directoryOf.leastLoaded()).toBe(after.main! <= after.eu2! ? 'main' : 'eu2');
  });

  it('lets one professional reach groups on both shards, and a customer log in to a group on either', async () => {
    const accountId = await createAccount(t.ctx.db, {
      email: 'pro-both@example.com',
      role: 'pro',
      proGroups: [groups.main.id, groups.eu2.id],
    });
    await t.ctx.db
      .updateTable('pro_groups')
      .set({ role: 'owner', all_calendars: true })
      .where('account_id', '=', accountId)
      .execute();
    const proToken = await loginAs(t, 'pro-both@example.com');
    const mine = await call(t, 'GET', '/api/v3/groups', { token: proToken });
    expect(mine.status).toBe(200);
    expect(mine.body.records.map((g: { id: number }) => g.id).sort()).toEqual(
      [groups.main.id, groups.eu2.id].sort(),
    );

    // A customer books on each shard, then logs in from each group: the answer carries that group's booking.
    await createAccount(t.ctx.db, { email: 'login-both@example.com' });
    const token = await loginAs(t, 'login-both@example.com');
    for (const shard of ['main', 'eu2'] as const) {
      const { id: groupId, ids } = groups[shard];
      const open = await slots(t, groupId, `start=2026-11-27&nDays=1&intervention_ids[]=${ids.cut}`, token);
      const fiche = await call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
        token,
        body: { fiche: newFiche('Login') },
      });
      const booked = await book(
        t,
        {
          date: open.body.availabletimeslots[0].start,
          group_id: groupId,
          fiche: fiche.body.id,
          intervention_ids: [ids.cut],
        },
        { token },
      );
      expect(booked.status).toBe(201);
      const answer = await call(t, 'POST', '/api/v3/sessions/login.json', {
        body: {
          credentials: { email: 'login-both@example.com', password: STRONG_PASSWORD },
          account: { group_id: groupId },
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.fiche.appointments.map((a: { id: number }) => a.id)).toEqual([
        booked.body.records[0].id,
      ]);
      // Its professional sees it in the agenda, with who booked it.
      const agenda = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/agenda?from=2026-11-27&days=1`, {
        token: proToken,
      });
      expect(agenda.status).toBe(200);
      expect(agenda.body.appointments.map((a: { id: number }) => a.id)).toContain(booked.body.records[0].id);
      const detail = await call(
        t,
        'GET',
        `/api/v3/admin/groups/${groupId}/appointments/${booked.body.records[0].id}`,
        {
          token: proToken,
        },
      );
      expect(detail.status).toBe(200);
    }
  });

  it('imports a new group onto the least loaded shard, moves, exports and renames with the group CLI', async () => {
    const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/cli/group.cli.ts');
    const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'h-shard-cli-'));
    const file = path.join(dir, 'group.json');
    writeFileSync(file, JSON.stringify(sampleGroup({ urlname: 'shard-cli', website: null })));
    const group = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', tsxLoader, cli, ...args], {
        cwd: dir,
        env: {
          ...process.env,
          DATA_DIR: dir,
          INIT_CWD: '',
          DATABASE_URL: directory.url,
          SHARDS: `eu2=${eu2.url}`,
          MOVE_GRACE_MS: '0',
        },
      });
    const expected = await t.ctx.shards!.directory.leastLoaded();
    expect((await group('import', file)).stdout).toMatch(/created group shard-cli/);
    const placed = await call(t, 'GET', '/api/shard?value=shard-cli&field=urlname');
    expect(placed.body).toEqual({ shard_name: expected });
    const other = expected === 'main' ? 'eu2' : 'main';
    const moved = await group('move', 'shard-cli', other);
    expect(moved.stdout).toMatch(new RegExp(`shard-cli now on ${other}`));
    expect((await call(t, 'GET', '/api/shard?value=shard-cli&field=urlname')).body).toEqual({
      shard_name: other,
    });
    // The group's page reads it on its new shard.
    const page = await call(t, 'GET', '/api/v3/services/groups/shard-cli.json');
    expect(page.status).toBe(200);
    expect(page.body.urlname).toBe('shard-cli');

    // One export of groups on both shards: each read on its own, with its catalogue.
    const exported = JSON.parse((await group('export', 'shard-main', 'shard-eu2', 'shard-cli')).stdout);
    expect(exported.map((g: { urlname: string }) => g.urlname)).toEqual([
      'shard-main',
      'shard-eu2',
      'shard-cli',
    ]);
    for (const document of exported) expect(document.calendars.length).toBeGreaterThan(0);

    // A rename on the CLI reaches the directory, wherever the group is.
    expect((await group('rename', 'shard-cli', 'shard-cli-renamed')).stdout).toMatch(
      new RegExp(`renamed shard-cli → shard-cli-renamed \\(shard ${other}\\)`),
    );
    expect((await call(t, 'GET', '/api/v3/services/groups/shard-cli-renamed.json')).status).toBe(200);
    expect((await call(t, 'GET', '/api/v3/services/groups/shard-cli.json')).status).toBe(404);
  });

  it("delivers a booking's mail from the outbox of the group's shard, with a worker per shard", async () => {
    const { id: groupId, ids } = groups.eu2;
    const open = await slots(t, groupId, `start=2026-11-30&nDays=1&intervention_ids[]=${ids.cut}`);
    const booked = await book(t, {
      date: open.body.availabletimeslots[0].start,
      group_id: groupId,
      fiche: newFiche('Mailed'),
      intervention_ids: [ids.cut],
    });
    expect(booked.status).toBe(201);
    const pending =
      "select count(*) as n from mail_outbox where to_address = 'mailed@example.com' and status = 'pending'";
    expect(await countOn(eu2.url, pending)).toBeGreaterThan(0);
    const contexts = shardContexts(t.ctx);
    expect(contexts).toHaveLength(2);
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const workers = contexts.map((ctx) => startMailWorker(ctx, { intervalMs: 0, logger: quiet }));
    try {
      for (const worker of workers) await worker.runOnce();
    } finally {
      for (const worker of workers) await worker.stop();
    }
    expect(await countOn(eu2.url, pending)).toBe(0);
    const sent =
      "select count(*) as n from mail_outbox where to_address = 'mailed@example.com' and status = 'sent'";
    expect(await countOn(eu2.url, sent)).toBeGreaterThan(0);
  });
});
