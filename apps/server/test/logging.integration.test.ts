import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, STRONG_PASSWORD } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPgliteDatabase } from './support/test-db.ts';

let t: TestApp;
let database: DatabaseHandle;
let logs = '';

beforeAll(async () => {
  database = await createPgliteDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await createTestApp(database, { logStream: stream });
  await importGroupConfig(t.ctx.db, sampleGroup());
  await createAccount(t.ctx.db, { email: 'logged@example.com' });
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

it('never writes session tokens, link keys, api keys or passwords to the logs', async () => {
  const login = await call(t, 'POST', '/api/v3/sessions/login.json', {
    body: { credentials: { email: 'logged@example.com', password: STRONG_PASSWORD } },
  });
  const token = login.body.account_token as string;
  await call(t, 'GET', '/api/v3/sessions/current.json', { token });
  await call(t, 'GET', `/api/v3/sessions/current.json?ficheKey=${'K'.repeat(43)}`, { token: 'T'.repeat(43) });
  expect(logs).toContain('/api/v3/sessions/current.json');
  expect(logs).toContain('token=[redacted]');
  expect(logs).not.toContain(token);
  expect(logs).not.toContain('K'.repeat(43));
  expect(logs).not.toContain('T'.repeat(43));
  expect(logs).not.toContain('test-key');
  expect(logs).not.toContain(STRONG_PASSWORD);
});
