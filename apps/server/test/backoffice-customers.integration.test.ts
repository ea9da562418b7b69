/**
 * The group's customers in the back office (docs/back-office.md "Customers"): search by name,
 * e-mail or phone with each customer's visits and no-shows, one customer's file, the export of
 * everything held about a person, and erasure on request that keeps what the accounts need.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../src/db/database.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { book, idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: customers', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};
  let past: number;
  let upcoming: number;
  let ficheId: number;
  let bookings = 0;

  async function member(name: string, role: StaffRole) {
    tokens[name] = (await createStaffMember(t, groupId, { email: `${name}@customers.example`, role })).token;
  }

  /** Books for a new customer, or (by the desk, as the call centre does) for a known record. */
  const bookFor = async (fiche: unknown, start: string) => {
    bookings++;
    const response = await book(
      t,
      { date: start, group_id: groupId, fiche, intervention_ids: [id.cut], calendar_id: id.alice },
      { ip: `198.51.100.${bookings}`, token: typeof fiche === 'number' ? tokens.desk : null },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.records[0];
  };
  const admin = (who: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    call(t, method, `/api/v3/admin/groups/${groupId}/${path}`, {
      token: tokens[who]!,
      ...(body ? { body } : {}),
    });

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'customers' }))).id;
    id = await idsByExternid(t, groupId);
    await member('owner', 'owner');
    await member('stylist', 'staff');
    await member('desk', 'callcentre');
    const first = await bookFor(
      {
        firstname: 'Margaux',
        lastname: 'Perrin',
        email: 'margaux.perrin@example.com',
        firstphone: '06 12 34 56 78',
      },
      '2026-11-23T11:00:00+01:00',
    );
    past = first.id;
    ficheId = first.fiche_id ?? first.fiche?.id;
    upcoming = (await bookFor(ficheId, '2026-11-30T11:00:00+01:00')).id;
    await bookFor(
      { firstname: 'Paul', lastname: 'Martin', email: 'paul.martin@example.com' },
      '2026-11-24T09:00:00+01:00',
    );
    // The next day: the first appointment is past, and Margaux did not come.
    t.clock.set('2026-11-24T08:00:00Z');
    // Sessions last two hours: everybody logs in again that morning.
    for (const name of ['owner', 'stylist', 'desk'])
      tokens[name] = await loginAs(t, `${name}@customers.example`, undefined, groupId);
    const mark = await admin('owner', 'PUT', `appointments/${past}/attendance`, { attendance: 'no_show' });
    expect(mark.status).toBe(200);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('finds a customer by name, e-mail or phone, with visits and no-shows', async () => {
    for (const q of ['perrin', 'margaux.perrin@', '0612 34', 'MARG per']) {
      const response = await admin('stylist', 'GET', `customers?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(response.body.records, q).toEqual([
        expect.objectContaining({
          fiche_id: ficheId,
          firstname: 'Margaux',
          upcoming: 1,
          past: 1,
          no_shows: 1,
          last_visit: '2026-11-23T10:00:00.000Z',
        }),
      ]);
    }
    expect((await admin('stylist', 'GET', 'customers?q=pe')).status).toBe(400);
  });

  it('reads only a word without letters as a piece of phone number', async () => {
    // Margaux's phone holds a 7 and a 1: a name or an address with those digits is not her number.
    for (const q of ['perrin7', 'paul.martin1@example.com', 'xy1']) {
      const response = await admin('stylist', 'GET', `customers?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(response.body.records, q).toEqual([]);
    }
    const byPhone = await admin('stylist', 'GET', `customers?q=${encodeURIComponent('3456')}`);
    expect(byPhone.body.records.map((r: { fiche_id: number }) => r.fiche_id)).toEqual([ficheId]);
  });

  it('keeps customers to the staff', async () => {
    expect((await admin('desk', 'GET', 'customers?q=perrin')).status).toBe(403);
    await createAccount(t.ctx.db, { email: 'someone@customers.example' });
    const customer = await loginAs(t, 'someone@customers.example', undefined, groupId);
    const response = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/customers?q=perrin`, {
      token: customer,
    });
    expect(response.status).toBe(403);
  });

  it("shows one customer's file, upcoming first, the past most recent first", async () => {
    const response = await admin('stylist', 'GET', `customers/${ficheId}`);
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ fiche_id: ficheId, no_shows: 1 });
    expect(response.body.upcoming.map((a: { id: number }) => a.id)).toEqual([upcoming]);
    expect(response.body.past.map((a: { id: number }) => a.id)).toEqual([past]);
    expect(response.body.past[0].attendance).toBe('no_show');
  });

  it('exports everything about the person to owners and managers only', async () => {
    expect((await admin('stylist', 'GET', `customers/${ficheId}/export`)).status).toBe(403);
    const response = await admin('owner', 'GET', `customers/${ficheId}/export`);
    expect(response.status).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain('attachment');
    expect(response.body.records).toHaveLength(1);
    const [record] = response.body.records;
    expect(record).toMatchObject({ firstname: 'Margaux', email: 'margaux.perrin@example.com' });
    expect(record.appointments.map((a: { id: number }) => a.id).sort()).toEqual([past, upcoming].sort());
    const marked = record.appointments.find((a: { id: number }) => a.id === past);
    expect(marked.history.map((h: { action: string }) => h.action)).toEqual(['no_show']);
  });

  it('erases the person on request, cancels what is ahead and keeps the past for the accounts', async () => {
    expect((await admin('stylist', 'POST', `customers/${ficheId}/erase`, { confirm: true })).status).toBe(
      403,
    );
    expect((await admin('owner', 'POST', `customers/${ficheId}/erase`, { confirm: false })).status).toBe(400);
    const erased = await admin('owner', 'POST', `customers/${ficheId}/erase`, { confirm: true });
    expect(erased.body).toEqual({ erased_records: 1, cancelled_appointments: 1 });

    const fiche = await t.ctx.db
      .selectFrom('fiches')
      .selectAll()
      .where('id', '=', ficheId)
      .executeTakeFirstOrThrow();
    expect(fiche).toMatchObject({
      email: null,
      firstphone: null,
      deleted: true,
      email_key: null,
      phone_key: null,
    });
    expect(JSON.stringify(fiche)).not.toMatch(/Margaux|Perrin|56 78/i);
    const rows = await t.ctx.db
      .selectFrom('appointments')
      .select(['id', 'status', 'price_amount', 'starts_at', 'comments'])
      .where('fiche_id', '=', ficheId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [past, 'confirmed'],
      [upcoming, 'cancelled'],
    ]);
    expect(rows[0]!.price_amount).toBe(4500);
    expect((await admin('owner', 'GET', 'customers?q=perrin')).body.records).toEqual([]);
    expect((await admin('owner', 'GET', `customers/${ficheId}`)).status).toBe(404);
    // Paul is untouched.
    expect((await admin('owner', 'GET', 'customers?q=paul')).body.records).toHaveLength(1);
  });
});
