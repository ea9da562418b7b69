/**
 * The demo loader on a sharded deployment (docs/operations.md "Sharding"): it loads when no shard
 * holds a group — not merely the directory's —, and puts the demo groups on `main`, registered in
 * the directory, answering through the one server address like any group.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/connection.ts';
import { isDatabaseEmpty, loadDemoAccounts, loadDemoGroups } from '../src/demo/load-demo.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { registerGroup } from '../src/sharding/shard-directory.ts';
import { call, loginAs } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { countOn, createTwoClusterShards } from './support/shard-databases.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../demo');

describe.runIf(inject('postgresTemplate'))('the demo loader on a sharded deployment', () => {
  let directory: { url: string; drop: () => Promise<void> };
  let eu2: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    [directory, eu2] = await createTwoClusterShards({ directory: 'dir3', shard: 'eu2c' });
    handle = await openDatabase({ databaseUrl: directory.url, poolSize: 5 });
    t = await createTestApp(handle, { config: { shards: { eu2: eu2.url } } });
  });
  afterAll(async () => {
    await t?.app.close();
    await handle?.close();
    await Promise.all([directory?.drop(), eu2?.drop()]);
  });

  it('counts the groups of every shard before loading', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    const view = t.ctx.shards!.router.view('eu2');
    const { id } = await importGroupConfig(view, sampleGroup({ urlname: 'only-on-eu2', website: null }));
    await registerGroup(view, { groupId: id, urlname: 'only-on-eu2', shard: 'eu2' });
    // The directory's own groups table is still empty; the deployment is not.
    expect(await countOn(directory.url, 'select count(*) as n from groups')).toBe(0);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it('puts the demo groups on main, registered in the directory, reachable through the server', async () => {
    const loaded = await loadDemoGroups(handle.db, demoDir);
    await loadDemoAccounts(handle.db, demoDir);
    expect(loaded).toContain('demo-salon');
    for (const urlname of loaded)
      expect((await call(t, 'GET', `/api/shard?value=${urlname}&field=urlname`)).body).toEqual({
        shard_name: 'main',
      });
    const page = await call(t, 'GET', '/api/v3/services/groups/demo-salon.json');
    expect([page.status, page.body.urlname]).toEqual([200, 'demo-salon']);
    const salon = page.body.id as number;
    const token = await loginAs(t, 'camille.durand@example.com', 'Lyon-Coiffure26!', salon);
    expect(token).toBeTruthy();
    // The group that was there before keeps answering from its own shard.
    expect((await call(t, 'GET', '/api/v3/services/groups/only-on-eu2.json')).status).toBe(200);
  });
});
