/**
 * Webhooks (docs/webhooks.md) on PGlite and PostgreSQL, against a real HTTP receiver on 127.0.0.1:
 * bookings, changes, cancellations and new customers queue signed deliveries in their own
 * transaction; the receiver fails the first tries (an error, then no answer) and the delivery
 * arrives after retries with the same webhook-id and a signature the `standardwebhooks` package
 * verifies; a day of failures leaves a dead job the owner sees and puts back; replays, rights, bad
 * addresses, and the private addresses refused when the test flag is off.
 */
import { webhookPayload } from '@creneau/contract/webhook-events';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startJobRunner } from '../src/jobs/job-runner.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { purgeWebhookLog, webhookDeliveryHandler } from '../src/modules/webhooks/webhook-delivery.ts';
import {
  WEBHOOK_JOB_KIND,
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelayMs,
} from '../src/modules/webhooks/webhook-retry.ts';
import { call, createStaffMember, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';
import { WebhookReceiver } from './support/webhook-receiver.ts';

forEachDatabase('webhooks', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  let receiver: WebhookReceiver;
  let url: string;
  const tokens: Record<string, string> = {};
  const handler = webhookDeliveryHandler({ timeoutMs: 400 });
  const runner = () => startJobRunner(t.ctx, { handlers: { [WEBHOOK_JOB_KIND]: handler }, intervalMs: 0 });

  const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    call(t, method, `/api/v3/admin/groups/${groupId}/webhooks${path}`, {
      token: tokens[who]!,
      ...(body !== undefined ? { body } : {}),
    });
  const addEndpoint = async (events: string[], target = url) => {
    const created = await api('owner', 'POST', '', { url: target, events });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: number; secret: string };
  };
  const deliveries = () => t.ctx.db.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute();
  /** A free slot for each booking: an hour apart on the weekdays after the test clock's day. */
  let booked = 0;
  const nextSlot = () => {
    const n = booked++;
    return `2026-11-${24 + Math.floor(n / 6)}T${String(9 + (n % 6)).padStart(2, '0')}:00:00+01:00`;
  };
  const bookOne = (firstname: string) =>
    book(t, {
      date: nextSlot(),
      group_id: groupId,
      fiche: newFiche(firstname),
      intervention_ids: [id.cut],
      calendar_id: id.alice,
    });

  beforeAll(async () => {
    t = await createTestApp(database(), {
      now: '2026-11-23T08:00:00Z',
      config: { webhooksAllowLoopback: true },
    });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'hooks' }))).id;
    id = await idsByExternid(t, groupId);
    for (const role of ['owner', 'manager', 'staff'] as const)
      tokens[role] = (
        await createStaffMember(t, groupId, { email: `${role}@hooks.example`, role, allCalendars: true })
      ).token;
    receiver = new WebhookReceiver();
    url = await receiver.listen();
  });
  /** Sessions end after a while of the test clock: a test that jumps a day logs in again. */
  const logInAgain = async () => {
    for (const role of ['owner', 'manager', 'staff'])
      tokens[role] = await loginAs(t, `${role}@hooks.example`, undefined, groupId);
  };
  afterEach(async () => {
    t.clock.set('2026-11-23T08:00:00Z');
    await logInAgain();
    receiver.received.length = 0;
    receiver.script.length = 0;
    await t.ctx.db.deleteFrom('webhook_endpoints').execute();
    await t.ctx.db.deleteFrom('jobs').execute();
  });
  afterAll(async () => {
    await receiver.close();
    await t.app.close();
  });

  it('delivers a booking after a failure and a timeout, signed, with the same webhook-id each try', async () => {
    const endpoint = await addEndpoint(['appointment.created', 'customer.created']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const booked = await bookOne('Ondine');
    expect(booked.status).toBe(201);
    const queued = await deliveries();
    expect(queued.map((d) => d.event_type).sort()).toEqual(['appointment.created', 'customer.created']);

    receiver.script = [500, 'hang'];
    const jobs = runner();
    await jobs.runOnce();
    // The first delivery got the 500, the second no answer within the timeout.
    expect(receiver.received).toHaveLength(2);
    t.clock.advance(webhookRetryDelayMs(1));
    await jobs.runOnce();
    expect(receiver.received).toHaveLength(4);
    const after = await deliveries();
    expect(after.every((d) => d.status === 'delivered' && d.attempts === 2)).toBe(true);
    const statuses = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/webhooks/deliveries`, {
      token: tokens.owner!,
    });
    expect(statuses.status).toBe(200);
    expect(statuses.body.records.map((d: { status: string }) => d.status)).toEqual([
      'delivered',
      'delivered',
    ]);

    const verifier = new Webhook(endpoint.secret);
    for (const { headers, body } of receiver.received) {
      const payload = verifier.verify(body, headers as Record<string, string>);
      expect(webhookPayload.safeParse(payload).success, body).toBe(true);
    }
    // Each delivery's tries carry its id; two deliveries, two ids.
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);
    expect(ids[0]).toBe(ids[2]);
    expect(ids[1]).toBe(ids[3]);
    expect(ids.sort()).toEqual([...after.map((d) => d.event_id), ...after.map((d) => d.event_id)].sort());
    // A forged body fails verification.
    const first = receiver.received[0]!;
    expect(() =>
      verifier.verify(first.body.replace('Ondine', 'Mallory'), first.headers as Record<string, string>),
    ).toThrow();
    const created = JSON.parse(receiver.received.find((r) => r.body.includes('appointment.created'))!.body);
    expect(created.data.customer.firstname).toBe('Ondine');
    expect(created.data.appointments[0]).toMatchObject({
      id: booked.body.records[0].id,
      status: 'confirmed',
    });
    await jobs.stop();
  });

  it('tells of a change and a cancellation by the staff, each to the endpoints that receive it', async () => {
    await addEndpoint(['appointment.cancelled']);
    await addEndpoint(['appointment.changed', 'appointment.cancelled']);
    const booked = await bookOne('Anouk');
    const appointment = booked.body.records[0].id;
    expect(await deliveries()).toEqual([]);
    const moved = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/appointments/${appointment}/move`, {
      token: tokens.manager!,
      body: { start: '2026-11-30T11:00:00+01:00' },
    });
    expect(moved.status).toBe(200);
    const cancelled = await call(
      t,
      'POST',
      `/api/v3/admin/groups/${groupId}/appointments/${appointment}/cancel`,
      { token: tokens.manager!, body: { notify_customer: false } },
    );
    expect(cancelled.status).toBe(200);
    const rows = await deliveries();
    expect(rows.map((d) => d.event_type)).toEqual([
      'appointment.changed',
      'appointment.cancelled',
      'appointment.cancelled',
    ]);
    const jobs = runner();
    await jobs.runOnce();
    const bodies = receiver.received.map((r) => webhookPayload.parse(JSON.parse(r.body)));
    const cancel = bodies.find((b) => b.type === 'appointment.cancelled');
    expect(cancel?.type === 'appointment.cancelled' && cancel.data.appointments[0]!.status).toBe('cancelled');
    const change = bodies.find((b) => b.type === 'appointment.changed');
    expect(change?.type === 'appointment.changed' && change.data.appointments[0]!.starts_at).toBe(
      '2026-11-30T10:00:00.000Z',
    );
    await jobs.stop();
  });

  it('sends nothing for a booking whose transaction rolls back', async () => {
    await addEndpoint(['appointment.created', 'customer.created']);
    // Fails the commit of any transaction that logged a delivery for "Rollback": after the booking,
    // its mails and its deliveries were all written.
    await sql`create or replace function fail_on_commit() returns trigger language plpgsql as $$
      begin raise exception 'rolled back on purpose'; end $$`.execute(t.ctx.db);
    await sql`create constraint trigger fail_rollback after insert on webhook_deliveries
      deferrable initially deferred for each row
      when (new.payload::text like '%Rollback%') execute function fail_on_commit()`.execute(t.ctx.db);
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('appointments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    try {
      const booked = await bookOne('Rollback');
      expect(booked.status).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`drop trigger fail_rollback on webhook_deliveries`.execute(t.ctx.db);
    }
    expect(await count()).toBe(before);
    expect(await deliveries()).toEqual([]);
    expect(await t.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('gives up after a day of failures, lists the dead job, and sends again on a replay or a retry', async () => {
    await addEndpoint(['appointment.created']);
    await bookOne('Nadia');
    receiver.script = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => 503);
    const jobs = runner();
    const start = t.clock.now().getTime();
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await jobs.runOnce();
      t.clock.advance(webhookRetryDelayMs(attempt));
    }
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    // The last try came a day or more after the first.
    const job = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', WEBHOOK_JOB_KIND)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('dead');
    expect(job.finished_at!.getTime() - start).toBeGreaterThanOrEqual(24 * 3_600_000);
    const [delivery] = await deliveries();
    await logInAgain();
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      last_status_code: 503,
    });

    const failed = await api('owner', 'GET', '/failed-work');
    expect(failed.status).toBe(200);
    expect(failed.body.records).toEqual([
      expect.objectContaining({ id: job.id, kind: WEBHOOK_JOB_KIND, last_error: 'answered 503' }),
    ]);
    expect((await api('manager', 'GET', '/failed-work')).status).toBe(403);

    // A replay: the same webhook-id, delivered now.
    const replay = await api('owner', 'POST', `/deliveries/${delivery!.id}/replay`);
    expect(replay.status).toBe(202);
    expect(replay.body.status).toBe('pending');
    expect((await api('owner', 'POST', `/deliveries/${delivery!.id}/replay`)).status).toBe(409);
    await jobs.runOnce();
    const last = receiver.received.at(-1)!;
    expect(last.headers['webhook-id']).toBe(delivery!.event_id);
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', last_status_code: 204 });

    // The dead job put back in the queue runs again.
    const retried = await api('owner', 'POST', `/failed-work/${job.id}/retry`);
    expect(retried.status).toBe(200);
    expect((await api('owner', 'POST', `/failed-work/${job.id}/retry`)).status).toBe(404);
    await jobs.runOnce();
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(delivery!.event_id);
    expect((await api('owner', 'GET', '/failed-work')).body.records).toEqual([]);
    await jobs.stop();
  });

  it('manages endpoints: owner only, secret on demand, test event, paged log', async () => {
    for (const who of ['manager', 'staff']) {
      expect((await api(who, 'GET', '')).status).toBe(403);
      expect((await api(who, 'POST', '', { url, events: ['customer.created'] })).status).toBe(403);
    }
    const endpoint = await addEndpoint(['customer.created']);
    const listed = await api('owner', 'GET', '');
    expect(listed.body.records).toEqual([
      { id: endpoint.id, url, events: ['customer.created'], enabled: true, created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
    const secret = await api('owner', 'GET', `/${endpoint.id}/secret`);
    expect(secret.body).toEqual({ secret: endpoint.secret });
    expect(secret.headers['cache-control']).toBe('no-store');
    expect((await api('manager', 'GET', `/${endpoint.id}/secret`)).status).toBe(403);

    const off = await api('owner', 'PUT', `/${endpoint.id}`, { enabled: false });
    expect(off.body.enabled).toBe(false);
    await bookOne('Disabled');
    expect(await deliveries()).toEqual([]);
    await api('owner', 'PUT', `/${endpoint.id}`, { enabled: true });

    for (let i = 0; i < 21; i++)
      expect((await api('owner', 'POST', `/${endpoint.id}/test`)).status).toBe(202);
    const jobs = runner();
    await jobs.runOnce();
    const test = webhookPayload.parse(JSON.parse(receiver.received[0]!.body));
    expect(test).toMatchObject({ type: 'webhook.test', data: { group: { id: groupId, urlname: 'hooks' } } });
    const page1 = await api('owner', 'GET', '/deliveries');
    expect(page1.body.records).toHaveLength(20);
    expect(page1.body.more).toBe(true);
    const ids = page1.body.records.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page2 = await api('owner', 'GET', `/deliveries?before=${ids.at(-1)}`);
    expect(page2.body.records).toHaveLength(1);
    expect(page2.body.more).toBe(false);

    expect((await api('owner', 'DELETE', `/${endpoint.id}`)).body).toEqual({ deleted: 1 });
    expect((await api('owner', 'DELETE', `/${endpoint.id}`)).status).toBe(404);
    expect(await deliveries()).toEqual([]);
    await jobs.stop();
  });

  it('forgets an erased person in the log, and empties the log after a month', async () => {
    await addEndpoint(['appointment.created', 'customer.created']);
    const erased = await bookOne('Effacée');
    await bookOne('Gardée');
    const ficheOf = async (id: number) =>
      (
        await t.ctx.db
          .selectFrom('appointments')
          .select('fiche_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).fiche_id;
    const fiche = await ficheOf(erased.body.records[0].id);
    expect(await deliveries()).toHaveLength(4);
    const erase = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/customers/${fiche}/erase`, {
      token: tokens.owner!,
      body: { confirm: true },
    });
    expect(erase.status).toBe(200);
    const left = await deliveries();
    expect(left).toHaveLength(2);
    expect(JSON.stringify(left)).not.toContain('Effacée');
    // The jobs of the erased deliveries find nothing to send.
    const jobs = runner();
    await jobs.runOnce();
    expect(receiver.received.map((r) => r.body).join()).not.toContain('Effacée');
    expect(receiver.received).toHaveLength(2);
    await jobs.stop();

    await purgeWebhookLog.run(t.ctx, new Date(t.clock.now().getTime() + 29 * 86_400_000));
    expect(await deliveries()).toHaveLength(2);
    await purgeWebhookLog.run(t.ctx, new Date(t.clock.now().getTime() + 31 * 86_400_000));
    expect(await deliveries()).toEqual([]);
  });

  it('refuses bad addresses and events with 422 and the error key, writing nothing', async () => {
    const wrong: [unknown, string][] = [
      [{ url: 'http://hooks.example.com/', events: ['customer.created'] }, 'invalidWebhookUrl'],
      [{ url: 'https://10.0.0.1/hook', events: ['customer.created'] }, 'invalidWebhookUrl'],
      [{ url: 'https://192.168.1.20/hook', events: ['customer.created'] }, 'invalidWebhookUrl'],
      [{ url: 'javascript:alert(1)', events: ['customer.created'] }, 'invalidWebhookUrl'],
      [
        { url: `https://hooks.example.com/${'a'.repeat(5000)}`, events: ['customer.created'] },
        'invalidWebhookUrl',
      ],
      [{ url: 'https://hooks.example.com/', events: ['appointment.deleted'] }, 'unknownWebhookEvent'],
      [{ url: 'https://hooks.example.com/', events: [] }, 'noWebhookEvent'],
    ];
    for (const [body, key] of wrong) {
      const response = await api('owner', 'POST', '', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.body.message).toBe(key);
    }
    const endpoint = await addEndpoint(['customer.created'], 'https://hooks.example.com/creneau');
    const update = await api('owner', 'PUT', `/${endpoint.id}`, { url: 'http://hooks.example.com/' });
    expect(update.status).toBe(422);
    expect(await t.ctx.db.selectFrom('webhook_endpoints').select('url').execute()).toEqual([
      { url: 'https://hooks.example.com/creneau' },
    ]);
  });

  it('refuses loopback and private addresses when the test flag is off, at creation and at sending', async () => {
    const strict = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    try {
      const owner = (
        await createStaffMember(strict, groupId, { email: 'owner2@hooks.example', role: 'owner' })
      ).token;
      for (const target of [url, url.replace('127.0.0.1', 'localhost'), 'http://[::1]:9/hook']) {
        const refused = await call(strict, 'POST', `/api/v3/admin/groups/${groupId}/webhooks`, {
          token: owner,
          body: { url: target, events: ['customer.created'] },
        });
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ message: 'invalidWebhookUrl', reason: 'privateHost' });
      }
      // Endpoints saved when the flag was on (or a name that now resolves to 127.0.0.1): the sending
      // checks the address it connects to.
      await addEndpoint(['customer.created']);
      await addEndpoint(['customer.created'], url.replace('127.0.0.1', 'localhost'));
      await bookOne('Ssrf');
      const jobs = startJobRunner(strict.ctx, { handlers: { [WEBHOOK_JOB_KIND]: handler }, intervalMs: 0 });
      await jobs.runOnce();
      await jobs.stop();
      expect(receiver.received).toEqual([]);
      const rows = await deliveries();
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.last_error).toMatch(/private or loopback/);
    } finally {
      await strict.app.close();
    }
  });
});
