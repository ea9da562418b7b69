/**
 * The agenda's answers are kept as bytes and reused only while nothing in the group changed
 * (docs/back-office.md "Agenda"): a write that bypasses the notifications is not seen — which shows
 * the answer really is reused —, a change made through the back office shows at once, one made
 * anywhere else as soon as its notification arrives, and compressed forms decode to the same answer.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: agenda answers kept', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  let token: string;
  let appointment: number;

  const agenda = async () => {
    const response = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/agenda?from=2026-11-24&days=7`, {
      token,
    });
    expect(response.status).toBe(200);
    return response.body as {
      appointments: { id: number; attendance: string | null; comments: string | null }[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'kept' }))).id;
    id = await idsByExternid(t, groupId);
    const accountId = await createAccount(t.ctx.db, {
      email: 'owner@kept.example',
      role: 'pro',
      proGroups: [groupId],
    });
    await t.ctx.db
      .updateTable('pro_groups')
      .set({ role: 'owner' })
      .where('account_id', '=', accountId)
      .execute();
    token = await loginAs(t, 'owner@kept.example', undefined, groupId);
    const booked = await book(t, {
      date: '2026-11-24T09:00:00+01:00',
      group_id: groupId,
      fiche: newFiche('Gardée'),
      intervention_ids: [id.cut],
      calendar_id: id.alice,
    });
    appointment = booked.body.records[0].id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('reuses the answer while no notified change happened', async () => {
    expect((await agenda()).appointments.map((a) => a.comments)).toEqual([null]);
    // A write with triggers off: no notification, so the kept answer is served unchanged.
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update appointments set comments = 'silent' where id = ${appointment}`.execute(trx);
    });
    expect((await agenda()).appointments.map((a) => a.comments)).toEqual([null]);
  });

  it('shows a change made through the back office at once', async () => {
    const marked = await call(
      t,
      'PUT',
      `/api/v3/admin/groups/${groupId}/appointments/${appointment}/attendance`,
      {
        token,
        body: { attendance: 'arrived' },
      },
    );
    expect(marked.status).toBe(200);
    const [shown] = (await agenda()).appointments;
    expect(shown).toMatchObject({ attendance: 'arrived', comments: 'silent' });
  });

  it('shows a booking made elsewhere as soon as its notification arrives', async () => {
    const booked = await book(t, {
      date: '2026-11-25T09:00:00+01:00',
      group_id: groupId,
      fiche: newFiche('Nouvelle'),
      intervention_ids: [id.cut],
      calendar_id: id.alice,
    });
    expect(booked.status).toBe(201);
    const started = Date.now();
    let ids: number[] = [];
    while (Date.now() - started < 2_000) {
      ids = (await agenda()).appointments.map((a) => a.id);
      if (ids.includes(booked.body.records[0].id)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ids).toContain(booked.body.records[0].id);
  });

  it('sends the same answer compressed to a browser that accepts it', async () => {
    const plain = JSON.stringify(await agenda());
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v3/admin/groups/${groupId}/agenda?from=2026-11-24&days=7&apikey=${TEST_API_KEY}&token=${token}`,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(String(response.headers.vary)).toContain('accept-encoding');
      expect(gunzipSync(response.rawPayload).toString()).toBe(plain);
    }
  });
});
