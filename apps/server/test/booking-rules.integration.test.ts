/**
 * The booking rules through HTTP (docs/booking.md, "Rules and their errors"): for each rule, a
 * request it refuses with its key and the boundary case it accepts; the person behind a booking
 * recognised by account, e-mail and phone however they are typed; closed groups and who counts as
 * their customer. Each rule has its own group, so the tests do not share calendars or people.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailLinkToken } from '../src/modules/accounts/email-links.ts';
import {
  lockPersonRecords,
  personLockKeysInSql,
  personRecords,
} from '../src/modules/appointments/appointments.repository.ts';
import { personLockKeys, personOf } from '../src/modules/appointments/booking-rules.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { book, idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const message = (response: { status: number; body: any }) => [response.status, response.body.message];
const PHONE = '+33 1 23 45 67 89';

forEachDatabase('booking rules', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    // Monday 23 November 2026, 09:00 in Paris.
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  /** A sample group under its own url name, with the given settings on top of the sample's. */
  async function group(urlname: string, settings: Record<string, unknown> = {}) {
    const config = sampleGroup({ urlname, website: null }) as any;
    Object.assign(config.settings, settings);
    config.forms = { ...(config.forms ?? {}), vevent: [] };
    const id = (await importGroupConfig(t.ctx.db, config)).id;
    return { id, ids: await idsByExternid(t, id) };
  }

  const person = (firstname: string, email: string | null, firstphone: string | null = null) => ({
    firstname,
    lastname: 'Rules',
    ...(email !== null ? { email } : {}),
    ...(firstphone !== null ? { firstphone } : {}),
  });

  describe('services per booking (max_multirdvs)', () => {
    it('refuses more services than the services step allows, a pack counting as one', async () => {
      const one = await group('one-service', {
        user_sequence_config: [{ name: 'intervention_ids', max_multirdvs: 0 }],
      });
      const at = (time: string, selection: Record<string, unknown>, who: string) =>
        book(t, {
          date: `2026-12-01T${time}:00+01:00`,
          group_id: one.id,
          fiche: person(who, null),
          ...selection,
        });
      const two = await at(
        '10:00',
        {
          appointments: {
            0: { intervention_id: one.ids.cut, calendar_id: one.ids.alice },
            1: { intervention_id: one.ids.cut, calendar_id: one.ids.bob },
          },
        },
        'Two',
      );
      expect(message(two)).toEqual([422, 'v3_error.appointment.max_multirdvs']);
      expect(two.body).toMatchObject({ error: 'max_multirdvs', max: 1, count: 2 });
      const listed = await at('10:00', { intervention_ids: [one.ids.cut, one.ids.color] }, 'Listed');
      expect(message(listed)).toEqual([422, 'v3_error.appointment.max_multirdvs']);
      // Nothing of a refused booking is written, not even its new record.
      const written = await t.ctx.db
        .selectFrom('fiches')
        .select('id')
        .where('group_id', '=', one.id)
        .execute();
      expect(written).toEqual([]);

      const single = await at(
        '10:00',
        { appointments: { 0: { intervention_id: one.ids.cut, calendar_id: one.ids.alice } } },
        'Single',
      );
      expect(single.status).toBe(201);
      // A pack listed service by service is still one choice.
      const pack = await at(
        '14:00',
        {
          appointments: {
            0: { pack_id: one.ids['pack-full'], intervention_id: one.ids.color },
            1: { pack_id: one.ids['pack-full'], intervention_id: one.ids.cut },
          },
        },
        'Pack',
      );
      expect(pack.status).toBe(201);
      expect(pack.body.records).toHaveLength(2);
    });

    it('accepts exactly the cap of a services step that allows several', async () => {
      const two = await group('two-services', {
        user_sequence_config: [{ name: 'intervention_ids', max_multirdvs: 2 }],
      });
      const chain = (n: number, who: string) =>
        book(t, {
          date: '2026-12-01T09:00:00+01:00',
          group_id: two.id,
          fiche: person(who, null),
          appointments: Object.fromEntries(
            Array.from({ length: n }, (_, i) => [
              i,
              { intervention_id: two.ids.cut, calendar_id: two.ids.alice },
            ]),
          ),
        });
      const three = await chain(3, 'Three');
      expect(message(three)).toEqual([422, 'v3_error.appointment.max_multirdvs']);
      expect(three.body.max).toBe(2);
      const accepted = await chain(2, 'Pair');
      expect(accepted.status).toBe(201);
      expect(accepted.body.records).toHaveLength(2);
    });
  });

  describe('minimum notice and booking horizon', () => {
    it('takes a booking exactly at the notice, not a slot earlier', async () => {
      const g = await group('notice', { rules: { min_notice_minutes: 60 } });
      const at = (time: string, who: string) =>
        book(t, {
          date: `2026-11-23T${time}:00+01:00`,
          group_id: g.id,
          fiche: person(who, null),
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        });
      expect(message(await at('09:45', 'Early'))).toEqual([409, 'v3_error.appointment.availabletimeslots']);
      expect((await at('10:00', 'OnTime')).status).toBe(201);
    });

    it('takes a booking at the horizon, not a slot beyond', async () => {
      // Two days and an hour ahead of Monday 09:00: Wednesday 10:00 in Paris.
      const g = await group('horizon', { maxrdv_period: 2 * 1440 + 60, rules: { min_notice_minutes: 0 } });
      const at = (time: string, who: string) =>
        book(t, {
          date: `2026-11-25T${time}:00+01:00`,
          group_id: g.id,
          fiche: person(who, null),
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        });
      expect(message(await at('10:15', 'Beyond'))).toEqual([409, 'v3_error.appointment.availabletimeslots']);
      expect((await at('10:00', 'AtHorizon')).status).toBe(201);
    });

    it('lets a customer change or cancel exactly at the notice, and not closer to the start', async () => {
      const g = await group('notices', {
        loginProfile: 'Account',
        rules: { min_notice_minutes: 0, modify_notice_minutes: 24 * 60, cancel_notice_minutes: 24 * 60 },
      });
      await createAccount(t.ctx.db, { email: 'notice@example.com' });
      const token = await loginAs(t, 'notice@example.com');
      const fiche = (
        await call(t, 'POST', `/api/v3/groups/${g.id}/fiches`, {
          token,
          body: { fiche: { firstname: 'Noa', lastname: 'Tice' } },
        })
      ).body.id;
      const at = async (date: string, calendar: number | undefined) => {
        const response = await book(
          t,
          { date, group_id: g.id, fiche, intervention_ids: [g.ids.cut], calendar_id: calendar },
          { token },
        );
        expect(response.status).toBe(201);
        return response.body.records[0].id as number;
      };
      const change = (id: number, date: string) =>
        call(t, 'PUT', `/api/v3/appointments/${id}?group_id=${g.id}`, {
          token,
          body: { appointment: { date } },
        });
      const cancel = (id: number) =>
        call(t, 'POST', `/api/v3/groups/${g.id}/appointments/batch_delete`, {
          token,
          body: { appointments: [{ id }] },
        });

      // Monday 17:00 in Paris is 9 hours ahead: too close to change or cancel.
      const close = await at('2026-11-23T17:00:00+01:00', g.ids.alice);
      const late = await change(close, '2026-11-26T10:00:00+01:00');
      expect(message(late)).toEqual([422, 'mintimeRDVModifyError']);
      expect(late.body.errors).toEqual([{ errorCode: 11, error: 'mintimeRDVModifyError' }]);
      const lateCancel = await cancel(close);
      expect(message(lateCancel)).toEqual([422, 'mintimeRDVError']);
      expect(lateCancel.body.errorCode).toBe(10);

      // Tuesday 09:00 in Paris is exactly 24 hours ahead: both allowed.
      const changed = await change(
        await at('2026-11-24T09:00:00+01:00', g.ids.alice),
        '2026-11-26T11:00:00+01:00',
      );
      expect(changed.status).toBe(200);
      expect(changed.body.records[0].start).toBe('2026-11-26T10:00:00.000Z');
      const cancelled = await cancel(await at('2026-11-24T09:00:00+01:00', g.ids.bob));
      expect(cancelled.status).toBe(200);
    });
  });

  describe('the same person, whoever booked', () => {
    it('same_time_rdv: recognises a guest by e-mail and by phone, whatever the case and spacing', async () => {
      const g = await group('same-time', { rules: { min_notice_minutes: 0 } });
      const at = (time: string, calendar: string, fiche: Record<string, unknown>) =>
        book(t, {
          date: `2026-12-01T${time}:00+01:00`,
          group_id: g.id,
          fiche,
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids[calendar],
        });
      expect(
        (await at('10:00', 'alice', person('Lea', 'Lea.Person@Example.com', '06 11 22 33 44'))).status,
      ).toBe(201);
      const byEmail = await at('10:15', 'bob', person('Lea', '  lea.person@EXAMPLE.com ', '07 00 00 00 01'));
      expect(message(byEmail)).toEqual([409, 'v3_error.appointment.same_time_rdv']);
      const byPhone = await at('10:00', 'bob', person('Léa', 'other.lea@example.com', '+33 6.11.22.33.44'));
      expect(message(byPhone)).toEqual([409, 'v3_error.appointment.same_time_rdv']);
      // Right after the first one ends (10:45) the same person may book; someone else at the same time too.
      expect((await at('10:45', 'bob', person('Lea', 'LEA.PERSON@example.com', null))).status).toBe(201);
      expect(
        (await at('10:00', 'bob', person('Other', 'someone.else@example.com', '06 99 99 99 99'))).status,
      ).toBe(201);
    });

    it('max_rdv_number: counts the same person’s appointments across records, by e-mail and by phone', async () => {
      const g = await group('max-future', { rules: { min_notice_minutes: 0, max_future_appointments: 2 } });
      const at = (date: string, fiche: Record<string, unknown>) =>
        book(t, {
          date: `${date}:00+01:00`,
          group_id: g.id,
          fiche,
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        });
      const first = await at('2026-12-01T10:00', person('Max', 'Max.Person@example.com', '06 99 88 77 66'));
      expect(first.status).toBe(201);
      // The limit itself is accepted: a second record, known by its phone only.
      expect(
        (await at('2026-12-01T14:00', person('Max', 'max2@example.com', '0033 6-99-88-77-66'))).status,
      ).toBe(201);
      const third = await at('2026-12-02T10:00', person('Max', ' MAX.person@example.com', null));
      expect(message(third)).toEqual([422, 'v3_error.appointment.max_rdv_number']);
      expect(third.body.max).toBe(2);
      expect((await at('2026-12-02T10:00', person('Maxime', 'maxime@example.com', null))).status).toBe(201);

      // Cancelled appointments no longer count.
      const cancelled = await call(t, 'POST', `/api/v3/groups/${g.id}/appointments/batch_delete`, {
        token: first.body.fiche_token,
        body: { appointments: [{ id: first.body.records[0].id }] },
      });
      expect(cancelled.status).toBe(200);
      expect((await at('2026-12-02T14:00', person('Max', ' MAX.person@example.com', null))).status).toBe(201);
    });

    it('mintime_between: keeps the gap on both sides, accepting exactly the gap', async () => {
      const g = await group('spacing', { rules: { min_notice_minutes: 0, mintime_between_minutes: 120 } });
      const at = (time: string, fiche: Record<string, unknown>) =>
        book(t, {
          date: `2026-12-01T${time}:00+01:00`,
          group_id: g.id,
          fiche,
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        });
      expect((await at('10:00', person('Gap', 'gap@example.com', '06 12 12 12 12'))).status).toBe(201);
      // 10:45 + 120 minutes: exactly the gap after the first one.
      expect((await at('12:45', person('Gap', 'gap.two@example.com', '06.12.12.12.12'))).status).toBe(201);
      const before = await at('09:00', person('Gap', 'Gap@Example.com', null));
      expect(message(before)).toEqual([422, 'v3_error.appointment.mintime_between']);
      expect(before.body.minutes).toBe(120);
    });

    it('an account and a guest using its e-mail address are one person', async () => {
      const g = await group('account-guest', { rules: { min_notice_minutes: 0 } });
      await createAccount(t.ctx.db, { email: 'holder@example.com' });
      const token = await loginAs(t, 'holder@example.com');
      const fiche = (
        await call(t, 'POST', `/api/v3/groups/${g.id}/fiches`, {
          token,
          body: { fiche: { firstname: 'Hold', lastname: 'Er' } },
        })
      ).body.id;
      const own = await book(
        t,
        {
          date: '2026-12-03T10:00:00+01:00',
          group_id: g.id,
          fiche,
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        },
        { token },
      );
      expect(own.status).toBe(201);
      const guest = await book(t, {
        date: '2026-12-03T10:00:00+01:00',
        group_id: g.id,
        fiche: person('Hold', 'Holder@Example.com'),
        intervention_ids: [g.ids.cut],
        calendar_id: g.ids.bob,
      });
      expect(message(guest)).toEqual([409, 'v3_error.appointment.same_time_rdv']);
    });

    it('reads the person’s own appointments, not every future appointment of the group', async () => {
      const g = await group('person-read', { rules: { min_notice_minutes: 0 } });
      const own = await book(t, {
        date: '2026-12-01T10:00:00+01:00',
        group_id: g.id,
        fiche: person('Read', 'read@example.com', '06 55 44 33 22'),
        intervention_ids: [g.ids.cut],
        calendar_id: g.ids.alice,
      });
      expect(own.status).toBe(201);
      // 3,000 other customers with an appointment each, and the statistics autovacuum would gather.
      await sql`
        insert into fiches (group_id, firstname, lastname, email, email_key, origin)
        select ${g.id}, 'Other' || k, 'Rules', 'other' || k || '@example.com',
          'other' || k || '@example.com', 'customer'
        from generate_series(1, 3000) k`.execute(t.ctx.db);
      await sql`
        insert into appointments (group_id, fiche_id, intervention_id, calendar_id, starts_at, ends_at, duration)
        select f.group_id, f.id, ${g.ids.cut}, ${g.ids.bob},
          timestamptz '2026-12-02 08:00Z' + f.id * interval '1 hour',
          timestamptz '2026-12-02 08:30Z' + f.id * interval '1 hour', 30
        from fiches f where f.group_id = ${g.id} and f.firstname like 'Other%'`.execute(t.ctx.db);
      await sql`analyze fiches, appointments`.execute(t.ctx.db);
      const fiche = await t.ctx.db
        .selectFrom('fiches')
        .selectAll()
        .where('group_id', '=', g.id)
        .where('email_key', '=', 'read@example.com')
        .executeTakeFirstOrThrow();

      const { found, rowsRead } = await t.ctx.db.transaction().execute(async (trx) => {
        const found = await personRecords(trx, g.id, fiche.id, personOf(fiche), t.ctx.now());
        // The appointment rows this transaction has read so far, by scan or through an index.
        const { rows } = await sql<{ read: number }>`
          select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::integer as read
          from pg_stat_xact_user_tables where relname = 'appointments'`.execute(trx);
        return { found, rowsRead: rows[0]?.read ?? 0 };
      });
      expect(found.appointments.map((a) => a.id)).toEqual([own.body.records[0].id]);
      // The whole group would be 3,001 rows (what the read used to touch); the person's own read
      // touches a handful, a few more when the planner walks another index (19 seen on CI).
      expect(rowsRead).toBeLessThan(100);
    });

    it('PostgreSQL computes an identity’s lock key exactly as the server does', async () => {
      // The first lock of a person is taken with keys computed in SQL, any later one with keys
      // computed here: two bookings of one person meet on the same lock only if both agree.
      const identity = fc.oneof(
        fc
          .constantFrom('account:', 'email:', 'phone:')
          .chain((kind) =>
            fc
              .oneof(fc.string(), fc.string({ unit: 'grapheme-composite' }), fc.emailAddress())
              .map((value) => kind + value),
          ),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.array(
            identity.filter((name) => !name.includes('\u0000')),
            { minLength: 1, maxLength: 6 },
          ),
          async (groupId, names) => {
            const inSql = await personLockKeysInSql(t.ctx.db, groupId, names);
            expect(inSql.sort()).toEqual(personLockKeys(groupId, names).sort());
          },
        ),
        { numRuns: 60 },
      );
    });

    it('locks every identity of the person’s records in the statement that reads them', async () => {
      const g = await group('person-lock', { rules: { min_notice_minutes: 0 } });
      // Three records of one person: the second shares the first's e-mail, the third the second's phone.
      const records = [
        ['lock@example.com', null],
        ['Lock@Example.com ', '06 11 22 33 44'],
        ['other-lock@example.com', '+33 6 11 22 33 44'],
      ] as const;
      for (const [day, [email, phone]] of records.entries()) {
        const booked = await book(t, {
          date: `2026-12-0${day + 1}T10:00:00+01:00`,
          group_id: g.id,
          fiche: person('Lock', email, phone),
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        });
        expect(booked.status).toBe(201);
      }
      const fiche = await t.ctx.db
        .selectFrom('fiches')
        .selectAll()
        .where('group_id', '=', g.id)
        .where('email_key', '=', 'lock@example.com')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const { found, held } = await t.ctx.db.transaction().execute(async (trx) => {
        const found = await lockPersonRecords(trx, g.id, fiche.id, personOf(fiche));
        const { rows } = await sql<{ classid: number; objid: number }>`
          select classid::bigint as classid, objid::bigint as objid from pg_locks
          where locktype = 'advisory' and objsubid = 1 and pid = pg_backend_pid()`.execute(trx);
        return {
          found,
          held: rows.map((row) => BigInt.asIntN(64, (BigInt(row.classid) << 32n) | BigInt(row.objid))),
        };
      });
      // Found through the phone of the second record: all three records of the person.
      expect(found).toHaveLength(3);
      const identities = new Set<string>();
      for (const record of found) {
        if (record.email_key) identities.add(`email:${record.email_key}`);
        if (record.phone_key) identities.add(`phone:${record.phone_key}`);
      }
      expect(identities.size).toBe(3);
      expect(held.sort()).toEqual(personLockKeys(g.id, [...identities]).sort());
    });

    it('user_blacklisted: whatever the case and spacing of the address', async () => {
      const g = await group('blacklist', {
        rules: { min_notice_minutes: 0, blacklist: ['banned@example.com'] },
      });
      const at = (fiche: Record<string, unknown>) =>
        book(t, {
          date: '2026-12-01T10:00:00+01:00',
          group_id: g.id,
          fiche,
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        });
      expect(message(await at(person('Ban', ' Banned@Example.COM ')))).toEqual([
        403,
        'v3_error.appointment.user_blacklisted',
      ]);
      expect((await at(person('Fine', 'unbanned@example.com'))).status).toBe(201);
    });
  });

  describe('closed groups: only known customers book online', () => {
    const cases = [
      { urlname: 'closed-shop', sector: null, key: 'not_open_group' },
      { urlname: 'closed-clinic', sector: 'Santé', key: 'not_open_group_health' },
    ] as const;

    for (const { urlname, sector, key } of cases) {
      it(`refuses a record its new customer just created (${key}, with the phone)`, async () => {
        const g = await group(urlname, { open: false, sector, rules: { min_notice_minutes: 0 } });
        const email = `newcomer.${urlname}@example.com`;
        await createAccount(t.ctx.db, { email });
        const token = await loginAs(t, email);
        const created = await call(t, 'POST', `/api/v3/groups/${g.id}/fiches`, {
          token,
          body: { fiche: { firstname: 'New', lastname: 'Comer' } },
        });
        expect(created.status).toBe(201);
        const booking = {
          date: '2026-12-01T10:00:00+01:00',
          group_id: g.id,
          intervention_ids: [g.ids.cut],
          calendar_id: g.ids.alice,
        };
        const refused = await book(t, { ...booking, fiche: created.body.id }, { token });
        expect(message(refused)).toEqual([403, `v3_error.appointment.${key}`]);
        expect(refused.body.phone).toBe(PHONE);
        const anonymous = await book(t, { ...booking, fiche: person('Anon', 'anon@example.com') });
        expect(message(anonymous)).toEqual([403, `v3_error.appointment.${key}`]);
      });
    }

    it('accepts a customer once the group has booked them, and the records the group made', async () => {
      const g = await group('closed-known', { open: false, rules: { min_notice_minutes: 0 } });
      await createAccount(t.ctx.db, { email: 'pro.closed@example.com', role: 'pro', proGroups: [g.id] });
      const pro = await loginAs(t, 'pro.closed@example.com');
      const booking = (date: string, calendar = g.ids.alice) => ({
        date: `${date}:00+01:00`,
        group_id: g.id,
        intervention_ids: [g.ids.cut],
        calendar_id: calendar,
      });

      // A customer's own record is not enough; once the group's professional booked them, they are known.
      await createAccount(t.ctx.db, { email: 'regular@example.com' });
      const token = await loginAs(t, 'regular@example.com');
      const fiche = (
        await call(t, 'POST', `/api/v3/groups/${g.id}/fiches`, {
          token,
          body: { fiche: { firstname: 'Reg', lastname: 'Ular' } },
        })
      ).body.id;
      expect(message(await book(t, { ...booking('2026-12-01T10:00'), fiche }, { token }))).toEqual([
        403,
        'v3_error.appointment.not_open_group',
      ]);
      expect((await book(t, { ...booking('2026-12-01T10:00'), fiche }, { token: pro })).status).toBe(201);
      expect((await book(t, { ...booking('2026-12-02T10:00'), fiche }, { token })).status).toBe(201);

      // A record the group's professional made for a caller makes the caller's account a customer,
      // by the account's own (activated) address, even written differently.
      const made = await call(t, 'POST', `/api/v3/groups/${g.id}/fiches`, {
        token: pro,
        body: { fiche: { firstname: 'Cal', lastname: 'Ler', email: 'Caller@Example.com' } },
      });
      expect(made.status).toBe(201);
      await createAccount(t.ctx.db, { email: 'caller@example.com' });
      const caller = await loginAs(t, 'caller@example.com');
      const own = await book(
        t,
        { ...booking('2026-12-03T10:00'), fiche: { firstname: 'Cal', lastname: 'Ler' } },
        { token: caller },
      );
      expect(own.status).toBe(201);

      // A record loaded with the group's data (as the demo and imports do) counts as the group's.
      const imported = await createAccount(t.ctx.db, { email: 'imported@example.com' });
      await t.ctx.db
        .insertInto('fiches')
        .values({ group_id: g.id, account_id: imported, firstname: 'Im', lastname: 'Ported', fields: '{}' })
        .execute();
      const importedToken = await loginAs(t, 'imported@example.com');
      const family = await book(
        t,
        { ...booking('2026-12-04T10:00'), fiche: { firstname: 'Kid', lastname: 'Ported' } },
        { token: importedToken },
      );
      expect(family.status).toBe(201);
    });

    it('refuses a booking from an e-mail link session: such a link only does what it names', async () => {
      const g = await group('closed-link', { open: false, rules: { min_notice_minutes: 0 } });
      await createAccount(t.ctx.db, { email: 'pro.link@example.com', role: 'pro', proGroups: [g.id] });
      const pro = await loginAs(t, 'pro.link@example.com');
      const booking = (date: string) => ({
        date: `${date}:00+01:00`,
        group_id: g.id,
        intervention_ids: [g.ids.cut],
        calendar_id: g.ids.alice,
      });
      const linkSession = async (ficheId: number, appointmentId: number) => {
        const key = await createEmailLinkToken(t.ctx.db, {
          lifetime: { purpose: 'fiche', expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000) },
          owner: { groupId: g.id, ficheId },
          payload: { action: 'manage', appointment_id: appointmentId },
          now: t.clock.now(),
        });
        const login = await call(t, 'POST', '/api/v3/sessions/login.json', {
          body: { account: { group_id: g.id, ficheKey: key } },
        });
        expect(login.status).toBe(200);
        return login.body.fiche_token as string;
      };
      // A caller the professional booked by phone follows the mail's link and books again online.
      const byPhone = await book(
        t,
        { ...booking('2026-12-01T10:00'), fiche: person('Phoned', 'phoned@example.com') },
        { token: pro },
      );
      expect(byPhone.status).toBe(201);
      const ficheId = byPhone.body.records[0].fiche_id as number;
      // A mail's link opens a session scoped to its booking (docs/customer-area.md): it cannot book.
      const again = await book(
        t,
        { ...booking('2026-12-02T10:00'), fiche: ficheId },
        { token: await linkSession(ficheId, byPhone.body.records[0].id) },
      );
      expect([again.status, again.body.message]).toEqual([403, 'linkScope']);
    });
  });
});
