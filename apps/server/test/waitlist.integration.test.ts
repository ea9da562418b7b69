/**
 * The waiting list on PGlite and PostgreSQL (docs/waitlist.md): a cancellation leads to an offer
 * mail whose link books the freed time; an expired offer is refused; three people confirming one
 * freed time at once give one booking, two "just taken" answers and two "gone" mails; an entry tied
 * to an appointment moves it; an absence removed and longer opening hours lead to offers too; a
 * freed time outside an entry's dates or calendar offers nothing; bad input gets the API's error
 * form; the per-address limit holds under concurrent joins.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type JobRunner, startJobRunner } from '../src/jobs/job-runner.ts';
import { jobWork } from '../src/jobs/job-work.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createStaffMember, latestMailTo } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

/** One 45-minute start a day per calendar, 10:00 Paris: a day is full with one booking. */
const oneSlot = {
  mon: [['10:00', '10:45']],
  tue: [['10:00', '10:45']],
  wed: [['10:00', '10:45']],
  thu: [['10:00', '10:45']],
  fri: [['10:00', '10:45']],
} as never;

function scarceGroup() {
  const base = sampleGroup();
  return sampleGroup({
    interventions: (base.interventions ?? []).filter((i) => i.externid === 'cut'),
    packs: [],
    promotions: [],
    website: { ...base.website, listing_ids: ['cut'], highlight_service: 'cut' },
    calendars: [
      {
        externid: 'alice',
        name: 'Alice',
        publicname: 'Alice',
        calendarset: 'site-a',
        weekly: oneSlot,
        interventions: [{ intervention: 'cut' }],
      },
      {
        externid: 'bob',
        name: 'Bob',
        publicname: 'Bob',
        calendarset: 'site-a',
        weekly: oneSlot,
        interventions: [{ intervention: 'cut' }],
      },
    ] as never,
  });
}

forEachDatabase('waiting list', (db) => {
  let t: TestApp;
  let runner: JobRunner;
  let groupId: number;
  let id: Record<string, number>;
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    t = await createTestApp(db(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, scarceGroup())).id;
    id = await idsByExternid(t, groupId);
    runner = startJobRunner(t.ctx, { ...jobWork(t.ctx.config), intervalMs: 0 });
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.app.close();
  });

  const join = (body: Record<string, unknown>, options: { token?: string } = {}) =>
    call(t, 'POST', `/api/v3/groups/${groupId}/waitlist`, {
      body: { locale: 'en', firstname: 'Wait', lastname: 'Ing', ...body },
      ip: nextIp(),
      token: options.token ?? null,
    });
  const confirm = (token: string) =>
    call(t, 'POST', '/api/v3/waitlist/offer/confirm', { body: { token }, ip: nextIp() });
  /** Books the day's one start on a calendar, for someone who will cancel it. */
  async function bookDay(date: string, calendar: string, who: string) {
    const booked = await book(
      t,
      {
        date: `${date}T10:00:00+01:00`,
        group_id: groupId,
        fiche: newFiche(who, { email: `${who}@example.com` }),
        intervention_ids: [id.cut],
        calendar_id: id[calendar],
      },
      { ip: nextIp() },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return { id: booked.body.records[0].id as number, token: booked.body.fiche_token as string };
  }
  const cancel = (booking: { id: number; token: string }) =>
    call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
      body: { appointments: [{ id: booking.id }] },
      token: booking.token,
    });
  /** Lets the scan the change enqueued come due, and runs it. */
  async function runScan() {
    t.clock.advance(70_000);
    await runner.runOnce();
  }
  const offerTokenOf = async (email: string) => {
    const mail = await latestMailTo(t.ctx.db, email);
    const link = /https?:\/\/\S+\/waitlist\/offer\?offerKey=([\w-]+)/.exec(mail?.text_body ?? '');
    return link?.[1];
  };

  it('a cancellation mails an offer whose link books the freed time in one step', async () => {
    const taken = await bookDay('2026-11-24', 'alice', 'first');
    const joined = await join({
      intervention_id: id.cut,
      calendar_id: id.alice,
      from: '2026-11-24',
      to: '2026-11-24',
      email: 'p1@example.com',
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect((await cancel(taken)).status).toBe(200);
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('kind', '=', 'waitlist-scan')
      .execute();
    expect(jobs).toEqual([{ kind: 'waitlist-scan', status: 'pending' }]);
    await runScan();
    const mail = await latestMailTo(t.ctx.db, 'p1@example.com');
    expect(mail?.subject).toBe('Salon Test: a time has freed up on 24 Nov 2026, 10:00');
    expect(mail?.text_body).toMatch(/\/test-salon\/waitlist\/leave\?leaveKey=/);
    const token = (await offerTokenOf('p1@example.com'))!;
    const offer = await call(t, 'POST', '/api/v3/waitlist/offer', { body: { token } });
    expect(offer.body).toMatchObject({
      start: '2026-11-24T09:00:00.000Z',
      status: 'open',
      service: 'Women cut',
      calendar: 'Alice',
    });

    const confirmed = await confirm(token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ start: '2026-11-24T09:00:00.000Z', moved: false });
    const row = await t.ctx.db
      .selectFrom('appointments as a')
      .innerJoin('fiches as f', 'f.id', 'a.fiche_id')
      .select(['a.status', 'a.starts_at', 'f.email'])
      .where('a.id', '=', confirmed.body.appointment_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'confirmed',
      starts_at: new Date('2026-11-24T09:00:00Z'),
      email: 'p1@example.com',
    });
    // A second click: the offer is used, nothing more is booked.
    expect((await confirm(token)).body.message).toBe('waitlistOfferUsed');
    const entry = await t.ctx.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('id', '=', joined.body.id)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe('booked');
  });

  it('refuses an offer after it expired, and the page says so', async () => {
    const taken = await bookDay('2026-11-25', 'alice', 'second');
    await join({ intervention_id: id.cut, from: '2026-11-25', to: '2026-11-25', email: 'p2@example.com' });
    await cancel(taken);
    await runScan();
    const token = (await offerTokenOf('p2@example.com'))!;
    expect(token).toBeDefined();
    t.clock.advance(2 * 3_600_000);
    const late = await confirm(token);
    expect([late.status, late.body.message]).toEqual([409, 'waitlistOfferExpired']);
    const offer = await call(t, 'POST', '/api/v3/waitlist/offer', { body: { token } });
    expect(offer.body.status).toBe('expired');
  });

  it('three people confirming one freed time at once: one booking, two "just taken", two "gone" mails', async () => {
    const taken = await bookDay('2026-11-26', 'alice', 'third');
    const people = ['r1@example.com', 'r2@example.com', 'r3@example.com'];
    for (const email of people)
      expect(
        (await join({ intervention_id: id.cut, from: '2026-11-26', to: '2026-11-26', email })).status,
      ).toBe(201);
    await cancel(taken);
    await runScan();
    const tokens = await Promise.all(people.map(offerTokenOf));
    expect(tokens.every(Boolean)).toBe(true);
    const answers = await Promise.all(tokens.map((token) => confirm(token!)));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers.map((a) => [a.status, a.body.message])).toEqual([
      [409, 'waitlistSlotTaken'],
      [409, 'waitlistSlotTaken'],
    ]);
    const booked = await t.ctx.db
      .selectFrom('appointments')
      .select('id')
      .where('group_id', '=', groupId)
      .where('status', '=', 'confirmed')
      .where('starts_at', '=', new Date('2026-11-26T09:00:00Z'))
      .execute();
    expect(booked).toHaveLength(1);
    const loserEmails = people.filter((_, i) => answers[i]!.status !== 200);
    for (const email of loserEmails) {
      const mail = await latestMailTo(t.ctx.db, email);
      expect(mail?.subject).toBe('Salon Test: the time of 26 Nov 2026, 10:00 has been taken');
      const entry = await t.ctx.db
        .selectFrom('waitlist_entries')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(entry.status).toBe('open');
    }
  });

  it('an entry tied to an appointment moves that appointment to the earlier freed time', async () => {
    const later = await bookDay('2026-11-30', 'alice', 'mover');
    const joined = await join(
      { appointment_id: later.id, from: '2026-11-23', to: '2026-11-30', email: 'mover@example.com' },
      { token: later.token },
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const taken = await bookDay('2026-11-27', 'alice', 'fourth');
    await cancel(taken);
    await runScan();
    const mail = await latestMailTo(t.ctx.db, 'mover@example.com');
    expect(mail?.text_body).toContain('An earlier time has freed up for your appointment');
    const token = (await offerTokenOf('mover@example.com'))!;
    const confirmed = await confirm(token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ appointment_id: later.id, moved: true });
    const row = await t.ctx.db
      .selectFrom('appointments')
      .select(['starts_at', 'status'])
      .where('id', '=', later.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ starts_at: new Date('2026-11-27T09:00:00Z'), status: 'confirmed' });
  });

  it('a freed time outside an entry’s dates or calendar offers nothing', async () => {
    await join({
      intervention_id: id.cut,
      calendar_id: id.alice,
      from: '2026-12-01',
      to: '2026-12-02',
      email: 'range@example.com',
    });
    await join({
      intervention_id: id.cut,
      calendar_id: id.bob,
      from: '2026-12-03',
      to: '2026-12-03',
      email: 'calendar@example.com',
    });
    const taken = await bookDay('2026-12-03', 'alice', 'fifth');
    await cancel(taken);
    await runScan();
    expect(await latestMailTo(t.ctx.db, 'range@example.com')).toBeUndefined();
    expect(await latestMailTo(t.ctx.db, 'calendar@example.com')).toBeUndefined();
  });

  it('an absence removed frees its time: the entry waiting on that calendar gets an offer', async () => {
    const manager = await createStaffMember(t, groupId, { email: 'boss@waitlist.example', role: 'manager' });
    const created = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/absences`, {
      token: manager.token,
      body: { calendar_ids: [id.bob], from: '2026-12-08T08:00', to: '2026-12-08T12:00', label: 'Off' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await join({
      intervention_id: id.cut,
      calendar_id: id.bob,
      from: '2026-12-08',
      to: '2026-12-08',
      email: 'absence@example.com',
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v3/admin/groups/${groupId}/absences/${created.body.blocks[0].id}?apikey=test-key&token=${manager.token}`,
    });
    expect(removed.statusCode).toBe(200);
    await runScan();
    const mail = await latestMailTo(t.ctx.db, 'absence@example.com');
    expect(mail?.subject).toBe('Salon Test: a time has freed up on 8 Dec 2026, 10:00');
  });

  it('longer opening hours free time: the entry waiting on that day gets the new start', async () => {
    await bookDay('2026-12-15', 'bob', 'sixth');
    await join({
      intervention_id: id.cut,
      calendar_id: id.bob,
      from: '2026-12-15',
      to: '2026-12-15',
      email: 'hours@example.com',
    });
    const owner = await createStaffMember(t, groupId, { email: 'owner@waitlist.example', role: 'owner' });
    const path = `/api/v3/admin/groups/${groupId}/configuration`;
    const read = await call(t, 'GET', path, { token: owner.token });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const edited = structuredClone(read.body.document);
    edited.calendars.find((c: { externid: string }) => c.externid === 'bob').weekly.tue = [
      ['10:00', '11:30'],
    ];
    const saved = await call(t, 'PUT', path, {
      token: owner.token,
      body: { document: edited, based_on: read.body.version },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await runScan();
    const mail = await latestMailTo(t.ctx.db, 'hours@example.com');
    expect(mail?.subject).toBe('Salon Test: a time has freed up on 15 Dec 2026, 10:45');
  });

  it('answers bad input with the API’s error form', async () => {
    const base = { intervention_id: id.cut, from: '2026-12-01', to: '2026-12-02', email: 'bad@example.com' };
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ from: '2026-02-30' }, 400, /not a date/],
      [{ from: '2026-13-01' }, 400, /not a date/],
      [{ from: 'tomorrow' }, 400, /YYYY-MM-DD/],
      [{ from: '2026-12-05', to: '2026-12-01' }, 422, 'waitlistRangeOrder'],
      [{ from: '2026-11-01', to: '2026-11-20' }, 422, 'waitlistRangePast'],
      [{ to: '2027-12-01' }, 422, 'waitlistRangeTooFar'],
      [{ intervention_id: 999999 }, 404, 'waitlistServiceNotFound'],
      [{ intervention_id: undefined }, 400, /intervention_id/],
      [{ email: 'not-an-address' }, 422, 'emailValidator'],
      [{ locale: 'xx' }, 400, /locale/],
      [{ calendar_id: 999999 }, 400, /calendar/],
    ];
    for (const [change, status, message] of cases) {
      const answer = await join({ ...base, ...change });
      expect(answer.status, JSON.stringify([change, answer.body])).toBe(status);
      expect(answer.body.message).toMatch(message);
      expect(answer.body.messages.errors).toEqual(expect.any(Array));
    }
    for (const path of [
      '/api/v3/waitlist/offer',
      '/api/v3/waitlist/offer/confirm',
      '/api/v3/waitlist/leave',
    ]) {
      for (const token of [
        'garbage-token-xyz',
        '12.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        'x',
        '../../etc',
      ]) {
        const answer = await call(t, 'POST', path, { body: { token } });
        expect([400, 404], `${path} ${token}`).toContain(answer.status);
        expect(typeof answer.body.message).toBe('string');
      }
    }
    const rows = await t.ctx.db
      .selectFrom('waitlist_entries')
      .select('id')
      .where('email', '=', 'bad@example.com')
      .execute();
    expect(rows).toEqual([]);
  });

  it('holds five open entries per address under concurrent joins, and leaving frees one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        join({
          intervention_id: id.cut,
          from: '2026-12-07',
          to: `2026-12-${10 + i}`,
          email: 'Busy@Example.com',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 3 }, () => [422, 'waitlistTooManyEntries']),
    );
    const { leaveToken } = await import('../src/modules/waitlist/waitlist-tokens.ts');
    const first = answers.find((a) => a.status === 201)!.body.id as number;
    const left = await call(t, 'POST', '/api/v3/waitlist/leave', {
      body: { token: leaveToken(t.ctx.config.cookieSecret, first) },
    });
    expect(left.body).toEqual({ status: 'left' });
    const again = await join({
      intervention_id: id.cut,
      from: '2026-12-07',
      to: '2026-12-08',
      email: 'busy@example.com',
    });
    expect(again.status).toBe(201);
  });
});
