/**
 * The outbox and its worker against a real SMTP peer (smtp-server on a random local port), on
 * PGlite and on real PostgreSQL: delivery, outage and recovery, refusal, give-up, lease expiry, the
 * .eml mode, and workers racing for the same mails.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { openDatabase } from '../src/db/connection.ts';
import type { Database } from '../src/db/database.ts';
import { renderMail } from '../src/mail/mail-templates.ts';
import { createMailTransport, type MailTransport } from '../src/mail/mail-transport.ts';
import { type MailLogger, type MailWorker, startMailWorker } from '../src/mail/mail-worker.ts';
import { claimDueMails } from '../src/mail/outbox.repository.ts';
import { enqueueMail, type OutgoingMail } from '../src/mail/outbox.ts';
import { CLAIM_LEASE_MS } from '../src/mail/retry-policy.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { contextFor, TestClock, testConfig } from './support/test-app.ts';
import { createPgliteDatabase, forEachDatabase } from './support/test-db.ts';

class LogSpy implements MailLogger {
  lines: { level: string; msg: string }[] = [];
  info = (msg: string) => void this.lines.push({ level: 'info', msg });
  warn = (msg: string) => void this.lines.push({ level: 'warn', msg });
  error = (msg: string) => void this.lines.push({ level: 'error', msg });
  at(level: string): string[] {
    return this.lines.filter((line) => line.level === level).map((line) => line.msg);
  }
}

const APPOINTMENT = {
  groupName: 'Salon Test',
  groupPhone: '+33 1 23 45 67 89',
  groupAddress: '1 rue de la Paix, 75002 Paris',
  timeZone: 'Europe/Paris',
  patientName: 'Jeanne Dupont',
  appointments: [
    {
      start: new Date('2026-11-24T09:00:00Z'),
      end: new Date('2026-11-24T09:45:00Z'),
      service: 'Coupe femme',
      calendar: 'Alice',
      priceCents: 4500,
      videoUrl: null,
    },
  ],
  totalCents: 4500,
  currency: 'EUR',
  manageLink: 'http://localhost:3000/test-salon/appointments?token=m4n4g3',
  cancelLink: 'http://localhost:3000/test-salon?cancel_apt=7&token=c4nc3l',
  exportLink: 'http://localhost:3000/test-salon?export_apt=7&token=3xp0rt',
  comment: null,
};

forEachDatabase('mail delivery', (database, engine) => {
  const clock = new TestClock(new Date('2026-11-23T08:00:00Z'));
  const peer = new SmtpPeer((address) => address.startsWith('nobody@'));
  let groupId: number;
  let smtpCtx: AppContext;
  const workers: MailWorker[] = [];

  const activation = (to: string, key: string): OutgoingMail => ({
    groupId,
    to,
    ...renderMail('account_activation', 'fr', {
      groupName: 'Salon Test',
      link: `http://localhost:3000/test-salon/login?validation_key=${key}`,
    }),
  });
  const outboxRow = (id: number) =>
    database().db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const worker = (ctx: AppContext, options: Parameters<typeof startMailWorker>[1] = {}) => {
    const started = startMailWorker(ctx, { intervalMs: 0, logger: new LogSpy(), ...options });
    workers.push(started);
    return started;
  };

  /**
   * On PostgreSQL, runs `work` on `count` connection pools of its own (like separate replicas), then
   * closes them and waits until the server has seen every connection go: pg's pool.end() resolves
   * earlier, and the suite's final drop-database would kill connections still closing, which surfaces
   * as an unhandled pool error. On PGlite there is one connection anyway.
   */
  async function withPools<T>(count: number, work: (dbs: Kysely<Database>[]) => Promise<T>): Promise<T> {
    if (engine !== 'postgres') return work(Array.from({ length: count }, () => database().db));
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database().db);
    const url = new URL(databaseUrl(rows[0]!.name));
    url.searchParams.set('application_name', 'creneau-mail-test');
    const handles = await Promise.all(
      Array.from({ length: count }, () => openDatabase({ databaseUrl: url.toString(), poolSize: 10 })),
    );
    try {
      return await work(handles.map((h) => h.db));
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await Promise.all(handles.map((h) => h.close()));
      for (let i = 0; i < 250; i++) {
        const left = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where application_name = 'creneau-mail-test'`.execute(
          database().db,
        );
        if (left.rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  beforeAll(async () => {
    groupId = (await importGroupConfig(database().db, sampleGroup())).id;
    await peer.listen(0);
    smtpCtx = contextFor(database(), clock, testConfig({ smtpUrl: peer.url }));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    // Every test starts with an empty outbox and an empty mailbox.
    await database().db.deleteFrom('mail_outbox').execute();
    peer.received = [];
  });
  afterAll(async () => {
    await peer.stop();
  });

  it('delivers a mail enqueued in a transaction once: recipient, subject in the group language, link, sender', async () => {
    const mail = activation('jeanne@example.com', 'k3y-0001');
    const id = await database()
      .db.transaction()
      .execute((trx) => enqueueMail(trx, mail));
    const w = worker(smtpCtx);

    expect(await w.runOnce()).toBe(1);
    expect(peer.received).toHaveLength(1);
    const got = peer.received[0]!;
    expect(got.envelopeTo).toEqual(['jeanne@example.com']);
    expect(got.mail.to?.map((a) => ('address' in a ? a.address : null))).toEqual(['jeanne@example.com']);
    expect(got.mail.subject).toBe('Salon Test : confirmez votre adresse e-mail');
    expect(got.mail.from).toMatchObject({ name: 'Salon Test', address: 'no-reply@creneau.localhost' });
    expect(got.mail.messageId).toMatch(new RegExp(`^<outbox-${id}-\\d+@creneau\\.localhost>$`));
    const link = 'http://localhost:3000/test-salon/login?validation_key=k3y-0001';
    expect(got.mail.text).toContain(link);
    expect(got.mail.html).toContain(`href="${link}"`);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at?.toISOString()).toBe(clock.now().toISOString());

    expect(await w.runOnce()).toBe(0);
    expect(peer.received).toHaveLength(1);
  });

  it('a round held back by a busy server sends only the mails due long enough; the next one the rest', async () => {
    const db = database().db;
    const dueSince = async (to: string, agoMs: number) => {
      const id = await enqueueMail(db, activation(to, to));
      await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(clock.now().getTime() - agoMs) })
        .where('id', '=', id)
        .execute();
    };
    await dueSince('waited@example.com', 61_000);
    await dueSince('fresh@example.com', 10_000);
    const w = worker(smtpCtx);

    expect(await w.runOnce(60_000)).toBe(1);
    expect(peer.received.map((got) => got.envelopeTo)).toEqual([['waited@example.com']]);
    expect(await w.runOnce(60_000)).toBe(0);
    expect(await w.runOnce()).toBe(1);
    expect(peer.received.map((got) => got.envelopeTo)).toEqual([
      ['waited@example.com'],
      ['fresh@example.com'],
    ]);
  });

  it('writes nothing when the transaction that caused the mail rolls back', async () => {
    await expect(
      database()
        .db.transaction()
        .execute(async (trx) => {
          await enqueueMail(trx, activation('rollback@example.com', 'never'));
          throw new Error('booking failed');
        }),
    ).rejects.toThrow('booking failed');
    const rows = await database().db.selectFrom('mail_outbox').select('id').execute();
    expect(rows).toEqual([]);
    expect(await worker(smtpCtx).runOnce()).toBe(0);
    expect(peer.received).toEqual([]);
  });

  it('keeps the mail through an outage, backs off exponentially, then delivers it exactly once', async () => {
    const port = peer.port;
    await peer.stop();
    const logs = new LogSpy();
    const w = worker(smtpCtx, { logger: logs });
    const id = await enqueueMail(database().db, activation('outage@example.com', 'k3y-0002'));
    const t0 = clock.now().getTime();

    expect(await w.runOnce()).toBe(0);
    let row = await outboxRow(id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.next_attempt_at.getTime()).toBe(t0 + 5_000);
    expect(logs.at('warn').join('\n')).toContain(`mail ${id}: attempt 1 failed`);

    // Not tried again before its time.
    clock.advance(4_999);
    expect(await w.runOnce()).toBe(0);
    expect((await outboxRow(id)).attempts).toBe(1);

    clock.advance(1);
    expect(await w.runOnce()).toBe(0);
    row = await outboxRow(id);
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at.getTime()).toBe(clock.now().getTime() + 10_000);

    await peer.listen(port);
    clock.advance(10_000);
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    clock.advance(3_600_000);
    expect(await w.runOnce()).toBe(0);

    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]!.mail.text).toContain('validation_key=k3y-0002');
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('stops a round at the first unreachable-server error instead of trying every mail', async () => {
    const port = peer.port;
    await peer.stop();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(await enqueueMail(database().db, activation(`down${i}@example.com`, `d${i}`)));
    const sends: string[] = [];
    const real = createMailTransport(smtpCtx.config);
    const counting: MailTransport = {
      kind: real.kind,
      send: (mail) => {
        sends.push(mail.to);
        return real.send(mail);
      },
    };
    const w = worker(smtpCtx, { transport: counting, batchSize: 2 });
    expect(await w.runOnce()).toBe(0);
    // The first batch was tried; the round ended there, the other two were not even claimed.
    expect(sends.sort()).toEqual(['down0@example.com', 'down1@example.com']);
    const rows = await Promise.all(ids.map(outboxRow));
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 0, 0]);
    expect(rows[1]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    await peer.listen(port);
    clock.advance(5_000);
    expect(await w.runOnce()).toBe(4);
    expect(peer.received.map((r) => r.envelopeTo[0]).sort()).toEqual([
      'down0@example.com',
      'down1@example.com',
      'down2@example.com',
      'down3@example.com',
    ]);
    real.close?.();
  });

  it('fails a mail the server refuses for good at once, logs it, and still delivers the others', async () => {
    const logs = new LogSpy();
    const refused = await enqueueMail(database().db, activation('nobody@example.com', 'r1'));
    const fine = await enqueueMail(database().db, activation('somebody@example.com', 'r2'));
    expect(await worker(smtpCtx, { logger: logs }).runOnce()).toBe(1);

    expect(await outboxRow(refused)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await outboxRow(refused)).last_error).toContain('550');
    expect(await outboxRow(fine)).toMatchObject({ status: 'sent' });
    expect(logs.at('error').join('\n')).toContain(
      `mail ${refused}: delivery failed for good after 1 attempt`,
    );
    expect(peer.received.map((r) => r.envelopeTo)).toEqual([['somebody@example.com']]);
  });

  it('gives up after the maximum number of attempts and logs an error', async () => {
    const logs = new LogSpy();
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('421 try again later');
      },
    };
    const w = worker(smtpCtx, { transport: failing, logger: logs, maxAttempts: 3 });
    const id = await enqueueMail(database().db, activation('patient@example.com', 'g1'));
    for (let i = 0; i < 5; i++) {
      await w.runOnce();
      clock.advance(3_600_000);
    }
    expect(await outboxRow(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: '421 try again later',
    });
    expect(logs.at('warn')).toHaveLength(2);
    expect(logs.at('error')).toEqual([
      `mail ${id}: delivery failed for good after 3 attempt(s): 421 try again later`,
    ]);
  });

  it('purges delivered mails after a week and failed ones after a month', async () => {
    const sent = await enqueueMail(database().db, activation('old@example.com', 'p1'));
    const failed = await enqueueMail(database().db, activation('nobody@example.com', 'p2'));
    const w = worker(smtpCtx);
    expect(await w.runOnce()).toBe(1);
    const ids = async () =>
      (await database().db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((r) => r.id);

    clock.advance(7 * 24 * 3600_000 - 60_000);
    await w.runOnce();
    expect(await ids()).toEqual([sent, failed]);
    clock.advance(2 * 3600_000);
    await w.runOnce();
    expect(await ids()).toEqual([failed]);
    clock.advance(23 * 24 * 3600_000);
    await w.runOnce();
    expect(await ids()).toEqual([]);
  });

  it('refuses a mail that could add recipients or headers, and keeps the subject on one line', async () => {
    const base = activation('ok@example.com', 'v1');
    for (const to of [
      'a@example.com, b@example.com',
      'a@example.com\r\nBcc: b@example.com',
      'Name <a@example.com>',
      'nobody',
    ])
      await expect(enqueueMail(database().db, { ...base, to })).rejects.toThrow(/single e-mail address/);
    await expect(
      enqueueMail(database().db, {
        ...base,
        attachments: [{ filename: 'x.ics', contentType: 'text/calendar', content: 'not base64!' }],
      }),
    ).rejects.toThrow(/base64/);
    const id = await enqueueMail(database().db, { ...base, subject: 'Hello\r\nBcc: evil@example.com' });
    expect((await outboxRow(id)).subject).toBe('Hello Bcc: evil@example.com');
    expect(await database().db.selectFrom('mail_outbox').select('id').execute()).toEqual([{ id }]);
  });

  it('sends a mail again after the lease when the worker that claimed it died before sending', async () => {
    const id = await enqueueMail(database().db, activation('lease@example.com', 'l1'));
    const now = clock.now();
    const claimed = await claimDueMails(database().db, {
      now,
      leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
      limit: 10,
    });
    expect(claimed.map((c) => c.id)).toEqual([id]);
    expect(claimed[0]).toMatchObject({ groupId, groupName: 'Salon Test', attempts: 1 });

    const w = worker(smtpCtx);
    expect(await w.runOnce()).toBe(0);
    clock.advance(CLAIM_LEASE_MS);
    expect(await w.runOnce()).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(peer.received).toHaveLength(1);
  });

  it('writes an RFC 5322 .eml file with the attachment and logs its links when no SMTP server is set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-mail-'));
    const ctx = contextFor(database(), clock, testConfig({ smtpUrl: undefined, dataDir }));
    const logs = new LogSpy();
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const rendered = renderMail('appointment_confirmation', 'de', APPOINTMENT);
    await enqueueMail(database().db, {
      groupId,
      to: 'jeanne@example.com',
      ...rendered,
      attachments: [
        {
          filename: 'termin.ics',
          contentType: 'text/calendar',
          content: Buffer.from(ics).toString('base64'),
        },
      ],
    });

    expect(await worker(ctx, { logger: logs }).runOnce()).toBe(1);
    const dir = path.join(dataDir, 'mail');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(dir, files[0]!));
    expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/);
    const parsed = await PostalMime.parse(raw);
    expect(parsed.subject).toBe(rendered.subject);
    expect(parsed.subject).toContain('Termin am 24.11.2026, 10:00 bestätigt');
    expect(parsed.to?.map((a) => ('address' in a ? a.address : null))).toEqual(['jeanne@example.com']);
    expect(parsed.text).toContain(APPOINTMENT.cancelLink);
    expect(parsed.html).toContain('Salon Test');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'termin.ics', mimeType: 'text/calendar' });
    // Byte for byte, CRLFs included (RFC 5545); read from the raw part because parsers normalise
    // line endings of text attachments.
    const part = raw.toString('latin1').split('filename=termin.ics')[1]!;
    const base64 = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
    expect(Buffer.from(base64, 'base64').toString()).toBe(ics);

    const info = logs.at('info');
    expect(info[0]).toContain(path.join(dir, files[0]!));
    for (const link of [APPOINTMENT.manageLink, APPOINTMENT.cancelLink, APPOINTMENT.exportLink])
      expect(info).toContain(`  link: ${link}`);
    expect(peer.received).toEqual([]);

    // The folder is made again when someone has removed it since.
    rmSync(dir, { recursive: true });
    await enqueueMail(database().db, { groupId, to: 'again@example.com', ...rendered });
    expect(await worker(ctx, { logger: logs }).runOnce()).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('hands out disjoint mails to concurrent claims', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(await enqueueMail(database().db, activation(`c${i}@example.com`, `c${i}`)));
    const now = clock.now();
    const claims = await withPools(1, ([db]) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          claimDueMails(db!, { now, leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS), limit: 3 }),
        ),
      ),
    );
    const claimed = claims.flat().map((c) => c.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort((a, b) => a - b)).toEqual(ids);
  });

  if (engine === 'postgres') {
    it('two workers racing on PostgreSQL deliver each mail exactly once', async () => {
      for (let round = 0; round < 3; round++) {
        peer.received = [];
        const subjects: string[] = [];
        for (let i = 0; i < 40; i++) {
          const mail = {
            ...activation(`race${i}@example.com`, `r${round}-${i}`),
            subject: `race ${round}/${i}`,
          };
          subjects.push(mail.subject);
          await enqueueMail(database().db, mail);
        }
        // Two replicas: each worker on its own connection pool.
        const [byA, byB] = await withPools(2, ([dbA, dbB]) => {
          const a = worker({ ...smtpCtx, db: dbA! }, { batchSize: 3 });
          const b = worker({ ...smtpCtx, db: dbB! }, { batchSize: 3 });
          return Promise.all([a.runOnce(), b.runOnce()]);
        });
        expect(byA + byB).toBe(40);
        expect(byA).toBeGreaterThan(0);
        expect(byB).toBeGreaterThan(0);
        expect(peer.received.map((r) => r.mail.subject).sort()).toEqual([...subjects].sort());
        const pending = await database()
          .db.selectFrom('mail_outbox')
          .select('id')
          .where((eb) => eb.or([eb('status', '!=', 'sent'), eb('attempts', '!=', 1)]))
          .execute();
        expect(pending).toEqual([]);
        await database().db.deleteFrom('mail_outbox').execute();
      }
    });
  }
});

describe('timer rounds', () => {
  it('delivers without runOnce when started with an interval, and stop() ends it', async () => {
    const handle = await createPgliteDatabase();
    const peer = new SmtpPeer();
    await peer.listen(0);
    try {
      const clock = new TestClock(new Date());
      const ctx = contextFor(handle, clock, testConfig({ smtpUrl: peer.url }));
      const w = startMailWorker(ctx, { intervalMs: 20, logger: new LogSpy() });
      await enqueueMail(handle.db, {
        groupId: null,
        to: 'timer@example.com',
        subject: 'tick',
        text: 'tock',
        html: null,
      });
      const deadline = Date.now() + 10_000;
      while (peer.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await w.stop();
      expect(peer.received.map((r) => r.mail.subject)).toEqual(['tick']);
      // A mail without a group is sent under MAIL_FROM's own name.
      expect(peer.received[0]!.mail.from).toMatchObject({
        name: 'Créneau',
        address: 'no-reply@creneau.localhost',
      });
      await enqueueMail(handle.db, {
        groupId: null,
        to: 'late@example.com',
        subject: 'after stop',
        text: 'x',
        html: null,
      });
      await new Promise((r) => setTimeout(r, 150));
      expect(peer.received).toHaveLength(1);
    } finally {
      await peer.stop();
      await handle.close();
    }
  });
});
