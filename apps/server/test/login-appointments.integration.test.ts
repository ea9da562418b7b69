/**
 * The login answer carries the customer's upcoming appointments in the group they log in to
 * (`fiche.appointments`, docs/api.md): every record of the account, by start; not past or cancelled
 * ones, not another group's. An e-mail link's login carries its record's, only the linked booking's
 * for a cancel or export link.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmailLinkToken } from '../src/modules/accounts/email-links.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, loginAs, STRONG_PASSWORD } from './support/accounts.ts';
import { book, idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('login answer appointments', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  async function group(urlname: string) {
    const config = sampleGroup({ urlname, website: null }) as any;
    config.settings.rules = { min_notice_minutes: 0, cancel_notice_minutes: 0 };
    const id = (await importGroupConfig(t.ctx.db, config)).id;
    return { id, ids: await idsByExternid(t, id) };
  }

  const login = (groupId?: number) =>
    call(t, 'POST', '/api/v3/sessions/login.json', {
      body: {
        credentials: { email: 'upcoming@example.com', password: STRONG_PASSWORD },
        account: groupId ? { group_id: groupId } : {},
      },
    });

  it("answers the account's upcoming appointments in that group, by start", async () => {
    const salon = await group('login-salon');
    const other = await group('login-other');
    await createAccount(t.ctx.db, { email: 'upcoming@example.com' });
    const token = await loginAs(t, 'upcoming@example.com');
    const records = async (g: { id: number }, names: string[]) => {
      const ids: number[] = [];
      for (const firstname of names) {
        const created = await call(t, 'POST', `/api/v3/groups/${g.id}/fiches`, {
          token,
          body: { fiche: { firstname, lastname: 'Upcoming' } },
        });
        ids.push(created.body.id);
      }
      return ids;
    };
    const [self, child] = await records(salon, ['Self', 'Child']);
    const [elsewhere] = await records(other, ['Elsewhere']);
    const at = async (g: { id: number; ids: Record<string, number> }, fiche: number, date: string) => {
      const response = await book(
        t,
        { date, group_id: g.id, fiche, intervention_ids: [g.ids.cut], calendar_id: g.ids.alice },
        { token },
      );
      expect(response.status).toBe(201);
      return response.body.records[0].id as number;
    };
    const today = await at(salon, self!, '2026-11-23T10:00:00+01:00');
    const later = await at(salon, child!, '2026-11-25T10:00:00+01:00');
    const cancelled = await at(salon, self!, '2026-11-24T14:00:00+01:00');
    await at(other, elsewhere!, '2026-11-24T10:00:00+01:00');
    expect(
      (
        await call(t, 'POST', `/api/v3/groups/${salon.id}/appointments/batch_delete`, {
          token,
          body: { appointments: [{ id: cancelled }] },
        })
      ).status,
    ).toBe(200);

    const answer = await login(salon.id);
    expect(answer.status).toBe(200);
    expect(answer.body.fiche.appointments.map((a: { id: number }) => a.id)).toEqual([today, later]);
    expect(answer.body.fiche.appointments[0]).toMatchObject({
      fiche_id: self,
      start: '2026-11-23T09:00:00.000Z',
      intervention_id: salon.ids.cut,
    });

    // Once the first has ended it is no longer upcoming.
    t.clock.set('2026-11-23T10:00:00Z');
    try {
      const after = await login(salon.id);
      expect(after.body.fiche.appointments.map((a: { id: number }) => a.id)).toEqual([later]);
    } finally {
      t.clock.set('2026-11-23T08:00:00Z');
    }
    // Without a group, or in a group where the account has nothing: none.
    expect((await login()).body.fiche.appointments).toEqual([]);
  });

  it("answers an e-mail link's appointments: only the linked booking's, for a manage or a cancel link", async () => {
    const salon = await group('login-link');
    const guest = async (date: string, firstname = 'Link') =>
      book(t, {
        date,
        group_id: salon.id,
        fiche: { firstname, lastname: 'Guest', email: 'link.guest@example.com' },
        intervention_ids: [salon.ids.cut],
        calendar_id: salon.ids.alice,
      });
    const first = await guest('2026-11-24T10:00:00+01:00');
    expect(first.status).toBe(201);
    const ficheId = first.body.records[0].fiche_id as number;
    const second = await book(
      t,
      {
        date: '2026-11-26T10:00:00+01:00',
        group_id: salon.id,
        fiche: ficheId,
        intervention_ids: [salon.ids.cut],
        calendar_id: salon.ids.alice,
      },
      { token: first.body.fiche_token },
    );
    expect(second.status).toBe(201);
    const linkLogin = async (payload: Record<string, unknown>) => {
      const key = await createEmailLinkToken(t.ctx.db, {
        lifetime: { purpose: 'fiche', expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000) },
        owner: { groupId: salon.id, ficheId },
        payload,
        now: t.clock.now(),
      });
      return call(t, 'POST', '/api/v3/sessions/login.json', {
        body: { account: { group_id: salon.id, ficheKey: key } },
      });
    };
    const manage = await linkLogin({ action: 'manage', appointment_id: first.body.records[0].id });
    expect(manage.status).toBe(200);
    // A booking mail's link opens a session scoped to that booking (docs/customer-area.md).
    expect(manage.body.fiche.appointments.map((a: { id: number }) => a.id)).toEqual([
      first.body.records[0].id,
    ]);
    const cancelLink = await linkLogin({ action: 'cancel_apt', appointment_id: second.body.records[0].id });
    expect(cancelLink.body.fiche.appointments.map((a: { id: number }) => a.id)).toEqual([
      second.body.records[0].id,
    ]);
  });
});
