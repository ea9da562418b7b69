/**
 * The job queue's work for a group outside the directory (docs/operations.md "Sharding"): a group on
 * the second cluster books with reminders by mail and text message and a webhook endpoint; the job
 * runners — one per shard, as every server process runs them — deliver the webhook (again on the
 * owner's replay, and on the retry of a dead job), send both
 * reminders at their time, and the mail worker of that shard hands the reminder to a real SMTP peer.
 * Nothing of it is written to or read from the directory's jobs.
 */
import { webhookPayload } from '@creneau/contract/webhook-events';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/connection.ts';
import { type JobRunner, startJobRunner } from '../src/jobs/job-runner.ts';
import { jobWork } from '../src/jobs/job-work.ts';
import { startMailWorker } from '../src/mail/mail-worker.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { WEBHOOK_JOB_KIND } from '../src/modules/webhooks/webhook-retry.ts';
import { shardContexts } from '../src/sharding/group-shard-context.ts';
import { registerGroup } from '../src/sharding/shard-directory.ts';
import type { SmsProvider, TextMessage } from '../src/sms/sms-provider.ts';
import { call, createStaffMember, latestMailTo } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { countOn, createTwoClusterShards } from './support/shard-databases.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { WebhookReceiver } from './support/webhook-receiver.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.runIf(inject('postgresTemplate'))('sharding: job handlers for a group on the second cluster', () => {
  let directory: { url: string; drop: () => Promise<void> };
  let eu2: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let t: TestApp;
  let runners: JobRunner[];
  let groupId: number;
  let ids: Record<string, number>;
  const peer = new SmtpPeer();
  const receiver = new WebhookReceiver();
  // The text-message provider is the edge we do not own (docs/reminders.md): record what it is asked.
  const texts: TextMessage[] = [];
  const recordingProvider: SmsProvider = {
    async send(message) {
      texts.push(message);
      return { providerId: `SM${texts.length}` };
    },
  };
  /** Moves the clock and runs what is due on every shard, twice: a reminder queues its text message. */
  const runAt = async (instant: string) => {
    t.clock.set(instant);
    for (let round = 0; round < 2; round++) for (const runner of runners) await runner.runOnce();
  };

  beforeAll(async () => {
    [directory, eu2] = await createTwoClusterShards({ directory: 'dir4', shard: 'eu2d' });
    await peer.listen(0);
    handle = await openDatabase({ databaseUrl: directory.url, poolSize: 5 });
    t = await createTestApp(handle, {
      now: '2026-11-23T08:00:00Z',
      config: { shards: { eu2: eu2.url }, smtpUrl: peer.url, webhooksAllowLoopback: true },
    });
    const config = sampleGroup({ urlname: 'jobs-eu2', website: null });
    config.settings = { ...config.settings, reminders: { lead_minutes: [1440], email: true, sms: true } };
    const view = t.ctx.shards!.router.view('eu2');
    groupId = (await importGroupConfig(view, config)).id;
    await registerGroup(view, { groupId, urlname: 'jobs-eu2', shard: 'eu2' });
    ids = await idsByExternid(t, groupId);
    runners = shardContexts(t.ctx).map((ctx) =>
      startJobRunner(ctx, {
        ...jobWork(ctx.config, { smsProvider: recordingProvider }),
        intervalMs: 0,
        log: quiet,
      }),
    );
  });
  afterAll(async () => {
    for (const runner of runners ?? []) await runner.stop();
    await t?.app.close();
    await handle?.close();
    await Promise.all([directory?.drop(), eu2?.drop(), receiver.server.listening && receiver.close()]);
    await peer.stop();
  });

  it('delivers a booking webhook (replayed, retried when dead), and sends the reminder by mail and text message, from the shard', async () => {
    const owner = await createStaffMember(t, groupId, {
      email: 'owner@jobs.example',
      role: 'owner',
      allCalendars: true,
    });
    const endpoint = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/webhooks`, {
      token: owner.token,
      body: { url: await receiver.listen(), events: ['appointment.created'] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);

    const booked = await book(t, {
      date: '2026-11-25T10:00:00+01:00',
      group_id: groupId,
      fiche: {
        firstname: 'Rémi',
        lastname: 'Rappel',
        email: 'remi@jobs.example',
        firstphone: '06 12 34 56 78',
      },
      intervention_ids: [ids.cut],
      calendar_id: ids.alice,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const appointmentId = booked.body.records[0].id as number;
    // The group's jobs (the webhook's delivery, the reminder) are queued on its shard only.
    expect(await countOn(eu2.url, 'select count(*) as n from jobs')).toBeGreaterThanOrEqual(2);
    expect(await countOn(directory.url, 'select count(*) as n from jobs')).toBe(0);

    // The webhook: delivered now, signed with the endpoint's secret.
    await runAt('2026-11-23T08:01:00Z');
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const payload = new Webhook(endpoint.body.secret).verify(
      delivery!.body,
      delivery!.headers as Record<string, string>,
    );
    expect(webhookPayload.safeParse(payload).success).toBe(true);
    expect(JSON.parse(delivery!.body).data.appointments[0].id).toBe(appointmentId);
    expect(
      await countOn(eu2.url, "select count(*) as n from webhook_deliveries where status = 'delivered'"),
    ).toBe(1);

    // The owner's replay of that delivery, and the retry of a dead job, run on the shard too.
    const hooks = (path: string) =>
      call(t, 'POST', `/api/v3/admin/groups/${groupId}/webhooks/${path}`, { token: owner.token });
    const [sent] = await t.ctx
      .shards!.router.view('eu2')
      .selectFrom('webhook_deliveries')
      .select('id')
      .execute();
    expect((await hooks(`deliveries/${sent!.id}/replay`)).status).toBe(202);
    await runAt('2026-11-23T08:02:00Z');
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      delivery!.headers['webhook-id'],
      delivery!.headers['webhook-id'],
    ]);
    // A job given up after its last attempt (docs/jobs.md), made so here rather than by a day of failures.
    const eu2Db = t.ctx.shards!.router.view('eu2');
    const dead = await eu2Db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', WEBHOOK_JOB_KIND)
      .orderBy('id')
      .executeTakeFirst();
    await eu2Db.updateTable('jobs').set({ status: 'dead' }).where('id', '=', dead!.id).execute();
    expect(dead).toBeDefined();
    expect((await hooks(`failed-work/${dead!.id}/retry`)).status).toBe(200);
    await runAt('2026-11-23T08:03:00Z');
    expect(receiver.received).toHaveLength(3);

    // The reminder, the day before at the same time: by mail and by text message.
    await runAt('2026-11-24T08:59:00Z');
    expect(texts).toEqual([]);
    await runAt('2026-11-24T09:00:00Z');
    expect(texts).toEqual([
      expect.objectContaining({ to: '+33612345678', text: expect.stringContaining('Salon Test') }),
    ]);
    const reminders =
      "select count(*) as n from mail_outbox where to_address = 'remi@jobs.example' and subject ilike '%rappel%'";
    expect(await countOn(eu2.url, reminders)).toBe(1);

    // Its stop link works for a group on this shard: the link's token names the group, not its path.
    const [reminder] = await t.ctx
      .shards!.router.view('eu2')
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'remi@jobs.example')
      .where('subject', 'ilike', '%rappel%')
      .execute();
    const link = new URL(/https?:\/\/\S+\/reminders\?\S+/.exec(reminder!.text_body)![0]);
    const stop = await call(t, 'POST', '/api/v3/reminders/opt-out', {
      body: { token: link.searchParams.get('token'), channel: 'sms' },
    });
    expect(stop).toMatchObject({
      status: 200,
      body: { channel: 'sms', reminders: false, group_name: 'Salon Test' },
    });

    // The shard's mail worker hands the booking's mails, the reminder among them, to SMTP.
    const workers = shardContexts(t.ctx).map((ctx) => startMailWorker(ctx, { intervalMs: 0, logger: quiet }));
    try {
      for (const worker of workers) await worker.runOnce();
    } finally {
      for (const worker of workers) await worker.stop();
    }
    const subjects = peer.received
      .filter((mail) => mail.envelopeTo.includes('remi@jobs.example'))
      .map((mail) => mail.mail.subject ?? '');
    expect(subjects.some((subject) => /rappel/i.test(subject))).toBe(true);
  });

  it("opens, takes and leaves the waiting list from its mail's links, which name no group", async () => {
    const day = '2026-11-26';
    const taken = await book(t, {
      date: `${day}T10:00:00+01:00`,
      group_id: groupId,
      fiche: newFiche('Taken', { email: 'taken@jobs.example' }),
      intervention_ids: [ids.cut],
      calendar_id: ids.alice,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const joined = await call(t, 'POST', `/api/v3/groups/${groupId}/waitlist`, {
      body: {
        locale: 'en',
        firstname: 'Wait',
        lastname: 'Ing',
        intervention_id: ids.cut,
        calendar_id: ids.alice,
        from: day,
        to: day,
        email: 'waiter@jobs.example',
      },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const cancelled = await call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
      body: { appointments: [{ id: taken.body.records[0].id }] },
      token: taken.body.fiche_token,
    });
    expect(cancelled.status).toBe(200);
    // The scan the cancellation queued, on the shard's runner: an offer mail on the shard.
    await runAt(new Date(t.clock.now().getTime() + 70_000).toISOString());
    const mail = await latestMailTo(t.ctx.shards!.router.view('eu2'), 'waiter@jobs.example');
    const offerKey = /offerKey=([\w-]+)/.exec(mail?.text_body ?? '')?.[1];
    const leaveKey = /leaveKey=([\w.-]+)/.exec(mail?.text_body ?? '')?.[1];
    expect([offerKey, leaveKey].every(Boolean), mail?.text_body).toBe(true);

    const offer = await call(t, 'POST', '/api/v3/waitlist/offer', { body: { token: offerKey } });
    expect([offer.status, offer.body.group_id]).toEqual([200, groupId]);
    const confirmed = await call(t, 'POST', '/api/v3/waitlist/offer/confirm', { body: { token: offerKey } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBeLessThan(300);
    const left = await call(t, 'POST', '/api/v3/waitlist/leave', { body: { token: leaveKey } });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
  });
});
