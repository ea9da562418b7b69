/**
 * Twenty cancellations of one booking sent at once: exactly one caller is told it cancelled
 * (200 appointmentCanceled with the cancelled records), every other one gets 409 aptAlreadyCanceled,
 * and one cancellation notice is queued. On PostgreSQL the application listens on a real port and
 * each request travels on its own TCP connection, so the transactions overlap on the pool; PGlite
 * runs them one after another on its single connection, which must give the same answers.
 */

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { rawJsonRequest } from './support/raw-request.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const CALLERS = 20;
const RACE_TIMEOUT_MS = 120_000;

const post = (port: number, path: string, payload: unknown) => rawJsonRequest(port, 'POST', path, payload);

forEachDatabase('cancellation race', (db) => {
  let t: TestApp;
  let port: number;
  let groupId: number;
  let id: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(db(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    id = await idsByExternid(t, groupId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.app.close();
  });

  for (const [kind, selection] of [
    ['a single appointment', () => ({ intervention_ids: [id.cut], calendar_id: id.alice })],
    ['a pack', () => ({ appointments: { 0: { pack_id: id['pack-full'] } } })],
  ] as const) {
    it(
      `${CALLERS} simultaneous cancellations of ${kind}: one appointmentCanceled, the others aptAlreadyCanceled`,
      async () => {
        for (let round = 0; round < 3; round++) {
          const fiche = newFiche('Race', { email: `race-${kind.length}-${round}@example.com` });
          const booked = await book(
            t,
            { date: `2026-11-2${5 + round}T10:00:00+01:00`, group_id: groupId, fiche, ...selection() },
            {},
          );
          expect(booked.status, JSON.stringify(booked.body)).toBe(201);
          const token = booked.body.fiche_token as string;
          const ids = (booked.body.records as { id: number }[]).map((r) => r.id);
          const answers = await Promise.all(
            Array.from({ length: CALLERS }, () =>
              post(
                port,
                `/api/v3/groups/${groupId}/appointments/batch_delete?apikey=${TEST_API_KEY}&token=${token}`,
                { appointments: [{ id: ids[0] }] },
              ),
            ),
          );
          const winners = answers.filter((a) => a.status === 200);
          expect(winners, `round ${round}: ${JSON.stringify(answers.map((a) => a.status))}`).toHaveLength(1);
          expect(winners[0]!.body.message).toBe('appointmentCanceled');
          expect(winners[0]!.body.records.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
          for (const loser of answers.filter((a) => a.status !== 200)) {
            expect([loser.status, loser.body.message]).toEqual([409, 'aptAlreadyCanceled']);
          }
          const rows = await t.ctx.db
            .selectFrom('appointments')
            .select('status')
            .where('id', 'in', ids)
            .execute();
          expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'cancelled'));
          // The booking's confirmation and one cancellation notice: a loser queued nothing.
          const mails = await t.ctx.db
            .selectFrom('mail_outbox')
            .select('id')
            .where('to_address', '=', fiche.email)
            .execute();
          expect(mails).toHaveLength(2);
        }
      },
      RACE_TIMEOUT_MS,
    );
  }
});
