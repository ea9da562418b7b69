/**
 * Notices to the business (docs/back-office.md "Notices to the business"): the owner chooses who is
 * mailed and about which changes; each new booking, change or cancellation then mails them, in the
 * group's language, with a link to that day of the agenda — and the addresses never reach browsers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createStaffMember } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const DESK = 'accueil@salon-notices.example';

forEachDatabase('back office: notices to the business', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};

  async function member(name: string, role: StaffRole) {
    tokens[name] = (await createStaffMember(t, groupId, { email: `${name}@notices.example`, role })).token;
  }

  const notices = () =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', DESK)
      .orderBy('id')
      .execute();
  const setting = (who: string, body: unknown) =>
    call(t, 'PUT', `/api/v3/admin/groups/${groupId}/notifications`, { token: tokens[who]!, body });

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'notices' }))).id;
    id = await idsByExternid(t, groupId);
    await member('owner', 'owner');
    await member('manager', 'manager');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('lets only the owner choose, and checks what is chosen', async () => {
    const body = { emails: [DESK], events: ['created', 'cancelled'] };
    expect((await setting('manager', body)).status).toBe(403);
    for (const wrong of [
      { emails: ['not an address'], events: ['created'] },
      { emails: Array.from({ length: 6 }, (_, i) => `desk${i}@example.com`), events: ['created'] },
      { emails: [DESK], events: ['booked'] },
    ])
      expect((await setting('owner', wrong)).status, JSON.stringify(wrong)).toBe(400);
    const saved = await setting('owner', {
      emails: [DESK.toUpperCase(), DESK],
      events: ['cancelled', 'created'],
    });
    expect(saved.body).toEqual({ emails: [DESK], events: ['created', 'cancelled'] });
    const read = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/notifications`, {
      token: tokens.owner!,
    });
    expect(read.body).toEqual(saved.body);
  });

  it('mails the business about a new booking and a cancellation, not about the change it left out', async () => {
    const booked = await book(t, {
      date: '2026-11-24T09:00:00+01:00',
      group_id: groupId,
      fiche: newFiche('Ondine', { firstphone: '06 11 22 33 44' }),
      intervention_ids: [id.cut],
      calendar_id: id.alice,
    });
    expect(booked.status).toBe(201);
    let mails = await notices();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('nouveau rendez-vous');
    expect(mails[0]!.subject).toContain('Ondine Martin');
    expect(mails[0]!.text_body).toContain('06 11 22 33 44');
    expect(mails[0]!.text_body).toContain('/notices/admin?date=2026-11-24');

    const appointment = booked.body.records[0].id;
    const moved = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/appointments/${appointment}/move`, {
      token: tokens.manager!,
      body: { start: '2026-11-24T11:00:00+01:00' },
    });
    expect(moved.status).toBe(200);
    expect(await notices()).toHaveLength(1);

    const cancelled = await call(
      t,
      'POST',
      `/api/v3/admin/groups/${groupId}/appointments/${appointment}/cancel`,
      {
        token: tokens.manager!,
        body: { notify_customer: false },
      },
    );
    expect(cancelled.status).toBe(200);
    mails = await notices();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('rendez-vous annulé');
  });

  it('never shows the addresses to browsers', async () => {
    const group = await t.get('/api/v3/services/groups/notices.json');
    expect(group.status).toBe(200);
    expect(JSON.stringify(group.body)).not.toContain(DESK);
  });
});
