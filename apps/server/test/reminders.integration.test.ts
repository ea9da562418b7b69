/**
 * Reminders end to end on both databases (docs/reminders.md): booked through the API, sent by the
 * job runner at their time in the customer's language, rescheduled by a move, silent after a
 * cancellation, stopped and resumed from their link; and the text-message providers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobRunner, startJobRunner } from '../src/jobs/job-runner.ts';
import { jobWork } from '../src/jobs/job-work.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { fileSmsProvider } from '../src/sms/file-sms.ts';
import { type SmsProvider, SmsRejected, type TextMessage } from '../src/sms/sms-provider.ts';
import { twilioSmsProvider } from '../src/sms/twilio-sms.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { book, idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('reminders', (database) => {
  let t: TestApp;
  let groupId: number;
  let id: Record<string, number>;
  let runner: JobRunner;
  const texts: TextMessage[] = [];
  const recordingProvider: SmsProvider = {
    async send(message) {
      texts.push(message);
      return { providerId: `SM${texts.length}` };
    },
  };

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    const group = sampleGroup();
    group.settings = { ...group.settings, reminders: { lead_minutes: [1440, 120], email: true, sms: true } };
    groupId = (await importGroupConfig(t.ctx.db, group)).id;
    id = await idsByExternid(t, groupId);
    runner = startJobRunner(t.ctx, {
      ...jobWork(t.ctx.config, { smsProvider: recordingProvider }),
      intervalMs: 0,
      log: { error: () => {} },
    });
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.app.close();
  });

  const mailsTo = (to: string) =>
    t.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
  const remindersTo = async (to: string) =>
    (await mailsTo(to)).filter((mail) => /reminder|rappel/i.test(mail.subject));
  /** Moves the clock to `instant` and runs what is due, twice: a reminder queues its text message. */
  const runAt = async (instant: string) => {
    t.clock.set(instant);
    await runner.runOnce();
    await runner.runOnce();
  };
  /** Books the cut with Alice for a new record with this address, or for an existing record as `token`. */
  const bookFor = (who: string | number, date: string, options: { locale?: string; token?: string } = {}) =>
    book(
      t,
      {
        date,
        group_id: groupId,
        fiche:
          typeof who === 'number'
            ? who
            : { firstname: 'Rémi', lastname: 'Rappel', email: who, firstphone: '06 12 34 56 78' },
        intervention_ids: [id.cut],
        calendar_id: id.alice,
        ...(options.locale ? { locale: options.locale } : {}),
      },
      { token: options.token ?? null },
    );

  it('reminds the day before at the same time and two hours before, in the language booked in, by mail and text', async () => {
    // Tuesday 24 November, 10:00 in Paris.
    const booked = await bookFor('remi@example.com', '2026-11-24T10:00:00+01:00', { locale: 'en' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await runAt('2026-11-23T08:59:00Z');
    expect(await remindersTo('remi@example.com')).toEqual([]);

    await runAt('2026-11-23T09:00:00Z');
    const [dayBefore, ...more] = await remindersTo('remi@example.com');
    expect(more).toEqual([]);
    expect(dayBefore!.subject).toBe('Salon Test: reminder of your appointment on 24 Nov 2026, 10:00');
    expect(dayBefore!.text_body).toContain('This is a reminder of your appointment with Salon Test.');
    expect(dayBefore!.text_body).toMatch(/ficheKey=\S+&cancel_apt=/);
    expect(texts).toEqual([
      expect.objectContaining({
        to: '+33612345678',
        text: expect.stringMatching(
          /^Salon Test: reminder of your appointment on 24 Nov 2026, 10:00\. See or cancel: http/,
        ),
      }),
    ]);

    // Running again sends nothing more; two hours before sends the second.
    await runAt('2026-11-23T12:00:00Z');
    expect(await remindersTo('remi@example.com')).toHaveLength(1);
    await runAt('2026-11-24T07:00:00Z');
    expect(await remindersTo('remi@example.com')).toHaveLength(2);
    expect(texts).toHaveLength(2);
  });

  it('stops and resumes a channel from the link, and refuses links that are not ours', async () => {
    const [reminder] = await remindersTo('remi@example.com');
    const link = new URL(/https?:\/\/\S+\/reminders\?\S+/.exec(reminder!.text_body)![0]);
    expect(link.pathname).toBe('/test-salon/reminders');
    const token = link.searchParams.get('token')!;
    const stop = await call(t, 'POST', '/api/v3/reminders/opt-out', { body: { token, channel: 'email' } });
    expect(stop).toMatchObject({
      status: 200,
      body: { channel: 'email', reminders: false, group_name: 'Salon Test' },
    });

    const booked = await bookFor('remi@example.com', '2026-11-26T10:00:00+01:00');
    expect(booked.status).toBe(201);
    texts.length = 0;
    await runAt('2026-11-25T09:00:00Z');
    // A new record with the same address (each booking above typed the details anew): no mail any
    // more, the text message still.
    expect(await remindersTo('remi@example.com')).toHaveLength(2);
    expect(texts).toHaveLength(1);

    const resume = await call(t, 'POST', '/api/v3/reminders/opt-out', {
      body: { token, channel: 'email', resume: true },
    });
    expect(resume.body.reminders).toBe(true);
    await runAt('2026-11-26T07:00:00Z');
    expect(await remindersTo('remi@example.com')).toHaveLength(3);

    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, `${groupId}.999999.${token.split('.')[2]}`, 'x', 'a'.repeat(200)]) {
      const refused = await call(t, 'POST', '/api/v3/reminders/opt-out', {
        body: { token: bad, channel: 'sms' },
      });
      expect(refused, bad).toMatchObject({ status: 404, body: { message: 'linkNotFound' } });
    }
    for (const body of [
      { token, channel: 'fax' },
      { channel: 'sms' },
      { token: 'a'.repeat(201), channel: 'sms' },
    ]) {
      const refused = await call(t, 'POST', '/api/v3/reminders/opt-out', { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('follows a move to the new time and sends nothing for a cancelled booking or a time already past', async () => {
    t.clock.set('2026-11-27T08:00:00Z');
    await createAccount(t.ctx.db, { email: 'mover@example.com' });
    const token = await loginAs(t, 'mover@example.com');
    const ficheId = (
      await call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
        token,
        body: { fiche: { firstname: 'Mo', lastname: 'Ver', email: 'mover@example.com' } },
      })
    ).body.id;
    const booked = await bookFor(ficheId, '2026-12-01T10:00:00+01:00', { token });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const aptId = booked.body.records[0].id;
    const moved = await call(t, 'PUT', `/api/v3/appointments/${aptId}?group_id=${groupId}`, {
      token,
      body: { appointment: { date: '2026-12-02T15:00:00+01:00' } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await runAt('2026-11-30T09:00:00Z');
    expect(await remindersTo('mover@example.com')).toEqual([]);
    await runAt('2026-12-01T14:00:00Z');
    const [reminder] = await remindersTo('mover@example.com');
    expect(reminder!.subject).toContain('2 déc. 2026, 15:00');

    // A session lasts a day without use: the clock has moved on since the move.
    const again = await loginAs(t, 'mover@example.com');
    const cancelled = await bookFor(ficheId, '2026-12-03T10:00:00+01:00', { token: again });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
    const done = await call(t, 'POST', `/api/v3/groups/${groupId}/appointments/batch_delete`, {
      token: again,
      body: { appointments: [{ id: cancelled.body.records[0].id }] },
    });
    expect(done.status).toBe(200);
    await runAt('2026-12-03T08:00:00Z');
    expect(await remindersTo('mover@example.com')).toHaveLength(1);

    // Booked three hours ahead: only the two-hour reminder exists.
    t.clock.set('2026-12-04T06:00:00Z');
    const late = await bookFor('late@example.com', '2026-12-04T10:00:00+01:00');
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'once_key'])
      .where('once_key', 'like', `reminder:${late.body.records[0].id}:%`)
      .execute();
    expect(jobs.map((job) => job.run_at.toISOString())).toEqual(['2026-12-04T07:00:00.000Z']);
  });
});

describe('text-message providers', () => {
  it('writes each message to DATA_DIR/sms, once per id', async () => {
    const dir = path.join(
      await import('node:os').then((os) => os.tmpdir()),
      `creneau-sms-${process.pid}-${Date.now()}`,
    );
    const provider = fileSmsProvider(dir);
    await provider.send({ to: '+33612345678', text: 'Bonjour', id: 'reminder-7' });
    await provider.send({ to: '+33612345678', text: 'Bonjour', id: 'reminder-7' });
    expect(readdirSync(path.join(dir, 'sms'))).toEqual(['reminder-7.json']);
    expect(JSON.parse(readFileSync(path.join(dir, 'sms', 'reminder-7.json'), 'utf8'))).toMatchObject({
      to: '+33612345678',
      text: 'Bonjour',
    });
  });

  describe('Twilio', () => {
    let server: Server;
    let answers: { status: number; body: unknown }[] = [];
    const received: { request: IncomingMessage; body: string }[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          received.push({ request, body });
          const answer = answers.shift() ?? { status: 500, body: {} };
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const provider = () =>
      twilioSmsProvider({
        provider: 'twilio',
        accountSid: 'AC123',
        authToken: 'secret-token',
        from: '+33700000000',
        apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });

    it('posts the message with basic authentication and answers the message id', async () => {
      answers = [{ status: 201, body: { sid: 'SM42', status: 'queued' } }];
      const sent = await provider().send({ to: '+33612345678', text: 'Rappel : demain 10:00', id: 'r-1' });
      expect(sent).toEqual({ providerId: 'SM42' });
      const last = received.at(-1)!;
      expect(last.request.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(last.request.headers.authorization).toBe(
        `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`,
      );
      expect(Object.fromEntries(new URLSearchParams(last.body))).toEqual({
        To: '+33612345678',
        From: '+33700000000',
        Body: 'Rappel : demain 10:00',
      });
    });

    it('tells a refusal for good (4xx) from a failure worth another try (5xx, 429)', async () => {
      answers = [
        { status: 400, body: { message: 'The To number is not a valid phone number' } },
        { status: 503, body: {} },
        { status: 429, body: {} },
      ];
      const message = { to: '+33612345678', text: 'x', id: 'r-2' };
      const refused = await provider()
        .send(message)
        .catch((error: Error) => error);
      expect(refused).toBeInstanceOf(SmsRejected);
      expect((refused as Error).message).toBe(
        'Twilio answered 400: The To number is not a valid phone number',
      );
      for (const status of [503, 429]) {
        const failure = await provider()
          .send(message)
          .catch((error: Error) => error);
        expect(failure, String(status)).toBeInstanceOf(Error);
        expect(failure, String(status)).not.toBeInstanceOf(SmsRejected);
      }
    });
  });
});
