import { expect, it } from 'vitest';
import { runHousekeeping } from '../src/maintenance/housekeeping.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { newSecretToken } from '../src/modules/sessions/secret-tokens.ts';
import { createAccount } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { forEachDatabase } from './support/test-db.ts';

const DAY = 86_400_000;

forEachDatabase('housekeeping', (database) => {
  it('removes dead sessions, links, idempotency keys and counters, and keeps live ones', async () => {
    const db = database().db;
    const now = new Date('2026-11-23T08:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const { id: groupId } = await importGroupConfig(db, sampleGroup());
    const accountId = await createAccount(db, { email: 'keep@example.com' });
    const session = (lastSigned: Date, revoked: Date | null = null) =>
      db
        .insertInto('sessions')
        .values({
          token_hash: newSecretToken().hash,
          type: 'user',
          account_id: accountId,
          group_id: groupId,
          fiche_id: null,
          scope: null,
          scope_appointment_id: null,
          last_signed_at: lastSigned,
          revoked_at: revoked,
        })
        .execute();
    await session(ago(60_000)); // live
    await session(ago(3 * DAY)); // long expired
    await session(ago(60_000), ago(2 * DAY)); // revoked long ago
    const token = (expires: Date, used: Date | null = null) =>
      db
        .insertInto('email_tokens')
        .values({
          token_hash: newSecretToken().hash,
          purpose: 'reset',
          account_id: accountId,
          group_id: groupId,
          fiche_id: null,
          payload: '{}',
          expires_at: expires,
          used_at: used,
        })
        .execute();
    await token(new Date(now.getTime() + DAY)); // live
    await token(ago(2 * DAY)); // expired
    await token(new Date(now.getTime() + DAY), ago(2 * DAY)); // used long ago
    const key = (created: Date, name: string) =>
      db
        .insertInto('idempotency_keys')
        .values({
          group_id: groupId,
          key: name,
          request_hash: 'h',
          status_code: 201,
          response: '{}',
          created_at: created,
        })
        .execute();
    await key(ago(DAY), 'recent');
    await key(ago(8 * DAY), 'old');
    await db
      .insertInto('login_throttle')
      .values([
        { key: 'login-ip:1', failures: 3, window_started_at: ago(2 * DAY), locked_until: null },
        { key: 'login-ip:2', failures: 3, window_started_at: ago(60_000), locked_until: null },
      ])
      .execute();

    expect(await runHousekeeping(db, now)).toEqual({
      idempotencyKeys: 1,
      emailTokens: 2,
      sessions: 2,
      attemptCounters: 1,
    });
    expect((await db.selectFrom('idempotency_keys').select('key').execute()).map((r) => r.key)).toEqual([
      'recent',
    ]);
    expect(await db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('email_tokens').select('id').execute()).toHaveLength(1);
    expect((await db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key)).toEqual([
      'login-ip:2',
    ]);
    expect(await runHousekeeping(db, now)).toEqual({
      idempotencyKeys: 0,
      emailTokens: 0,
      sessions: 0,
      attemptCounters: 0,
    });
  });
});
