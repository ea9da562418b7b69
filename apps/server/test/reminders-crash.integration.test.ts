/**
 * Reminders exactly once across a crash (docs/reminders.md "Exactly once"): 1,000 reminders due at
 * once, two server processes sharing the work on PostgreSQL, one killed with SIGKILL in the middle.
 * Counted at a real SMTP peer: every person reminded, each reminder queued once, and a mail repeated
 * only if it was in flight at the kill — with the same Message-ID, so the person sees it once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { insertJob } from '../src/jobs/jobs.repository.ts';
import { plainAppointment } from '../src/modules/appointments/appointments.repository.ts';
import { REMINDER_JOB, type ReminderPayload } from '../src/modules/appointments/reminder-schedule.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { databaseUrl } from './support/postgres-urls.ts';
import { ServerProcess } from './support/server-process.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { createTestApp } from './support/test-app.ts';
import { createPostgresDatabase } from './support/test-db.ts';

const REMINDERS = 1000;
const LEASE_MS = 3000;
/** The mail worker's batch: at most these are in flight in one process at the kill. */
const MAIL_BATCH = 10;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.runIf(Boolean(inject('postgresTemplate')))('reminders across a SIGKILL [postgres]', () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  const peer = new SmtpPeer();
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    handle = await createPostgresDatabase(4);
    await peer.listen(0);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-reminders-crash-'));
    const now = new Date();
    // The appointments and their due reminders, written directly: this test is about running them.
    const t = await createTestApp(handle, { now: now.toISOString() });
    const group = sampleGroup();
    group.settings = { ...group.settings, reminders: { lead_minutes: [1440], email: true, sms: false } };
    const groupId = (await importGroupConfig(handle.db, group)).id;
    const id = await idsByExternid(t, groupId);
    await t.app.close();
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < REMINDERS; i++) {
        const start = new Date(now.getTime() + 3 * 3600_000 + i * 15 * 60_000);
        const fiche = await trx
          .insertInto('fiches')
          .values({
            group_id: groupId,
            firstname: 'Client',
            lastname: `N${i}`,
            email: `client${i}@example.com`,
            fields: '{}',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const appointment = await trx
          .insertInto('appointments')
          .values(
            plainAppointment({
              group_id: groupId,
              fiche_id: fiche.id,
              intervention_id: id.cut!,
              calendar_id: id.alice!,
              starts_at: start,
              ends_at: new Date(start.getTime() + 15 * 60_000),
              duration: 15,
              locale: 'en',
              created_at: now,
              updated_at: now,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        const payload: ReminderPayload = {
          appointmentIds: [appointment.id],
          startsAt: start.toISOString(),
          leadMinutes: 1440,
        };
        await insertJob(trx, {
          kind: REMINDER_JOB,
          payload: { ...payload },
          groupId,
          runAt: new Date(now.getTime() - 60_000),
          onceKey: `reminder:${appointment.id}:${payload.startsAt}:1440`,
          maxAttempts: 10,
        });
      }
    });
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    for (let i = 0; i < 2; i++) {
      servers.push(
        new ServerProcess({
          DATABASE_URL: databaseUrl(rows[0]!.name),
          DATA_DIR: path.join(dataDir, `process-${i}`),
          API_KEYS: 'test-key',
          LOAD_DEMO: 'false',
          SMTP_URL: peer.url,
          JOB_LEASE_MS: String(LEASE_MS),
          MAIL_CLAIM_LEASE_MS: String(LEASE_MS),
          WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await peer.stop();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reminds every person, queues each reminder once, and repeats only what was in flight at the kill', async () => {
    // Both start before either may finish the queue alone.
    await Promise.all(servers.map((server) => server.start('/health/ready')));
    const [victim, survivor] = servers;
    await until(() => peer.received.length >= 250, 'a quarter of the reminders', 60_000);
    await victim!.kill('SIGKILL');
    const receivedAtKill = peer.received.length;

    const recipients = () => new Set(peer.received.flatMap((mail) => mail.envelopeTo));
    await until(() => recipients().size === REMINDERS, 'every reminder', 120_000);
    // Give the survivor time to take over anything the victim held, then to repeat it if it would.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2 + 2000));
    expect(survivor!.child?.exitCode).toBeNull();

    const queued = await handle.db
      .selectFrom('mail_outbox')
      .select(({ fn }) => [
        fn.countAll<number>().as('mails'),
        fn.count<number>('to_address').distinct().as('people'),
      ])
      .executeTakeFirstOrThrow();
    expect(queued).toEqual({ mails: REMINDERS, people: REMINDERS });
    const jobs = await handle.db
      .selectFrom('jobs')
      .select(['status', ({ fn }) => fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    expect(jobs).toEqual([{ status: 'done', count: REMINDERS }]);

    const perPerson = new Map<string, Set<string>>();
    for (const mail of peer.received) {
      expect(mail.mail.subject).toMatch(/^Salon Test: reminder of your appointment on /);
      for (const to of mail.envelopeTo) {
        const ids = perPerson.get(to) ?? new Set<string>();
        ids.add(mail.mail.messageId ?? '');
        perPerson.set(to, ids);
      }
    }
    expect([...perPerson.values()].every((ids) => ids.size === 1)).toBe(true);
    const repeated = peer.received.length - REMINDERS;
    console.info(
      `reminders across SIGKILL: ${REMINDERS} people reminded, ${peer.received.length} mails received ` +
        `(${repeated} repeated), ${receivedAtKill} received when one of two processes was killed`,
    );
    expect(repeated).toBeGreaterThanOrEqual(0);
    expect(repeated).toBeLessThanOrEqual(MAIL_BATCH);
  }, 240_000);
});
