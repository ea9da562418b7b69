import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { LIMITS } from '../src/modules/security/attempt-limits.ts';
import { call, createAccount, latestMailTo, loginAs, STRONG_PASSWORD } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const HOUR = 3_600_000;

forEachDatabase('accounts and sessions', (database) => {
  let t: TestApp;
  let groupId: number;
  let closedId: number;
  let healthClosedId: number;
  let ssoId: number;

  beforeAll(async () => {
    t = await createTestApp(database());
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup())).id;
    closedId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({ urlname: 'closed', website: null, settings: { open: false, phone: '01 02 03 04 05' } }),
      )
    ).id;
    healthClosedId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({ urlname: 'clinic', website: null, settings: { open: false, sector: 'Santé' } }),
      )
    ).id;
    ssoId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({
          urlname: 'sso-only',
          website: null,
          settings: { sso_login_only: true },
          sso: { issuer: 'http://localhost:4011', client_id: 'creneau', client_secret: 's3cret' },
        }),
      )
    ).id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const login = (email: string, password: string, extra: Record<string, unknown> = {}, ip?: string) =>
    call(t, 'POST', '/api/v3/sessions/login.json', {
      body: { credentials: { email, password }, account: { group_id: groupId, ...extra } },
      ...(ip ? { ip } : {}),
    });
  const current = (token?: string | null, cookie?: string) =>
    call(t, 'GET', '/api/v3/sessions/current.json', { token: token ?? null, ...(cookie ? { cookie } : {}) });

  describe('registration', () => {
    it('creates a pending account, mails an activation link, and activates on following it', async () => {
      const registered = await call(t, 'POST', '/api/v3/accounts.json', {
        body: {
          account: {
            group_id: groupId,
            email: ' Lea.Martin@Example.com ',
            password: STRONG_PASSWORD,
            pendingRdv: { slot: '2026-12-01T10:00' },
          },
        },
      });
      expect(registered.status).toBe(201);
      expect(registered.body.account).toMatchObject({ email: 'lea.martin@example.com', status: 'pending' });

      const mail = await latestMailTo(t.ctx.db, 'lea.martin@example.com');
      expect(mail?.subject).toContain('Salon Test');
      expect(mail?.link?.pathname).toBe('/test-salon/login');
      const key = mail!.link!.searchParams.get('validation_key')!;
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const early = await login('lea.martin@example.com', STRONG_PASSWORD);
      expect(early.status).toBe(403);
      expect(early.body.errors).toEqual([
        { error: 'accountNotActivated', translate_key: 'accountNotActivated' },
      ]);

      const activated = await login('lea.martin@example.com', STRONG_PASSWORD, { validation_key: key });
      expect(activated.status).toBe(200);
      expect(activated.body.type).toBe('user');
      // The booking chosen before registering comes back once, so the flow resumes there.
      expect(activated.body.pendingRdv).toEqual({ slot: '2026-12-01T10:00' });
      const again = await login('lea.martin@example.com', STRONG_PASSWORD);
      expect(again.status).toBe(200);
      expect(again.body.pendingRdv).toBeNull();
    });

    it('refuses a used address, a bad address and a weak password with the spec keys', async () => {
      await createAccount(t.ctx.db, { email: 'taken@example.com' });
      const taken = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: groupId, email: 'TAKEN@example.com' } },
      });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('emailAlreadyExists');
      const bad = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: groupId, email: 'not-an-email' } },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('emailValidator');
      const weak = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: groupId, email: 'weak@example.com', password: 'weakpass' } },
      });
      expect(weak.status).toBe(422);
      expect(weak.body.message).toBe('passwordRules');
      expect(weak.body.failed).toEqual(expect.arrayContaining(['length', 'digit', 'uppercase', 'special']));
      const noRow = await t.ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'weak@example.com')
        .executeTakeFirst();
      expect(noRow).toBeUndefined();
    });

    it('is closed on groups that take no new customers, with the health variant, and on single sign-on groups', async () => {
      const closed = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: closedId, email: 'new@example.com' } },
      });
      expect([closed.status, closed.body.message]).toEqual([403, 'registrationDisabled']);
      const health = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: healthClosedId, email: 'new@example.com' } },
      });
      expect(health.body.message).toBe('registrationDisabledHealth');
      const sso = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: ssoId, email: 'new@example.com' } },
      });
      expect([sso.status, sso.body.message]).toEqual([403, 'ssoLoginOnly']);
      const ssoLogin = await call(t, 'POST', '/api/v3/sessions/login.json', {
        body: {
          credentials: { email: 'taken@example.com', password: STRONG_PASSWORD },
          account: { group_id: ssoId },
        },
      });
      expect(ssoLogin.body.errors).toEqual([{ error: 'ssoLoginOnly', translate_key: 'ssoLoginOnly' }]);
    });
  });

  describe('login and sessions', () => {
    it('gives a new 256-bit token at every login, valid two hours from lastSignedAt', async () => {
      await createAccount(t.ctx.db, { email: 'paul@example.com' });
      const first = await login('paul@example.com', STRONG_PASSWORD);
      const second = await login('paul@example.com', STRONG_PASSWORD);
      expect(first.body.account_token).not.toBe(second.body.account_token);
      const token = second.body.account_token as string;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const now = await current(token);
      expect(now.body).toMatchObject({ logged: true, type: 'user', account: { email: 'paul@example.com' } });
      const stored = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
      expect(stored.some((s) => Buffer.from(s.token_hash).toString('base64url') === token)).toBe(false);

      t.clock.advance(2 * HOUR - 1000);
      expect((await current(token)).status).toBe(200);
      t.clock.advance(1000);
      const expired = await current(token);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe('expiredConnection');
      t.clock.advance(-2 * HOUR);
    });

    it('answers 401 expiredConnection for unknown or malformed tokens, and anonymous without one', async () => {
      for (const token of ['x'.repeat(43), 'short', "' or 1=1 --"]) {
        const response = await current(token);
        expect(response.status, token).toBe(401);
        expect(response.body.message).toBe('expiredConnection');
      }
      expect((await current()).body).toMatchObject({ logged: false, type: null, account: null });
    });

    it('revokes the token on logout', async () => {
      const token = await loginAs(t, 'paul@example.com');
      const out = await call(t, 'POST', '/api/v3/sessions/logout.json', { token });
      expect(out.status).toBe(200);
      expect((await current(token)).status).toBe(401);
    });

    it('sets an HttpOnly, Secure, SameSite=None session cookie that works on its own', async () => {
      const response = await login('paul@example.com', STRONG_PASSWORD);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/creneau_session=[A-Za-z0-9_-]{43}/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/SameSite=None/);
      const value = /creneau_session=([^;]+)/.exec(cookie)![1];
      const viaCookie = await current(null, `creneau_session=${value}`);
      expect(viaCookie.body.logged).toBe(true);
      // A stale cookie is cleared by the 401 so the browser stops sending it.
      const stale = await current(null, `creneau_session=${'A'.repeat(43)}`);
      expect(stale.status).toBe(401);
      expect(String(stale.headers['set-cookie'])).toMatch(/creneau_session=;/);
    });

    it('blocks an account for ten minutes after five consecutive failures, even with the right password', async () => {
      await createAccount(t.ctx.db, { email: 'locked@example.com' });
      for (let i = 1; i <= 5; i++) {
        const failure = await login('locked@example.com', `Wrong-pass-${i}!`, {}, '10.0.0.5');
        expect(failure.status).toBe(401);
        expect(failure.body.errors).toEqual([{ error: 'credentialError', translate_key: 'credentialError' }]);
      }
      const blocked = await login('locked@example.com', STRONG_PASSWORD, {}, '10.0.0.6');
      expect(blocked.status).toBe(403);
      expect(blocked.body.errors[0].translate_key).toBe('blockedUser');
      t.clock.advance(10 * 60_000 + 1);
      expect((await login('locked@example.com', STRONG_PASSWORD, {}, '10.0.0.6')).status).toBe(200);
    });

    it('counts only consecutive failures: a success resets the count', async () => {
      await createAccount(t.ctx.db, { email: 'reset-count@example.com' });
      for (let i = 0; i < 4; i++) await login('reset-count@example.com', 'Wrong-pass-0!', {}, '10.0.1.1');
      expect((await login('reset-count@example.com', STRONG_PASSWORD, {}, '10.0.1.1')).status).toBe(200);
      for (let i = 0; i < 4; i++) await login('reset-count@example.com', 'Wrong-pass-0!', {}, '10.0.1.1');
      expect((await login('reset-count@example.com', STRONG_PASSWORD, {}, '10.0.1.1')).status).toBe(200);
    });

    it('caps guesses at one e-mail from one client address, and only that e-mail there', async () => {
      const shared = '203.0.113.10';
      // An address without an account, so that no account block answers first.
      for (let i = 0; i < LIMITS.loginPerAddressAndEmail.max; i++)
        expect((await login('Guessed@Example.com', `Wrong-pass-${i}!`, {}, shared)).status).toBe(401);
      const capped = await login('guessed@example.com', 'Wrong-pass-x!', {}, shared);
      expect(capped.status).toBe(429);
      expect(capped.body.errors[0].translate_key).toBe('tooManyAttempts');
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
      // Someone else behind the same address logs in, even after a typo.
      await createAccount(t.ctx.db, { email: 'neighbour@example.com' });
      expect((await login('neighbour@example.com', 'Wrong-pass-0!', {}, shared)).status).toBe(401);
      expect((await login('neighbour@example.com', STRONG_PASSWORD, {}, shared)).status).toBe(200);
    });

    it('caps failures per client address without locking out the accounts it guessed at', async () => {
      const attacker = '203.0.113.9';
      for (let i = 0; i < LIMITS.loginPerAddress.max; i++)
        await login(`nobody${i}@example.com`, 'Wrong-pass-0!', {}, attacker);
      const capped = await login('paul@example.com', STRONG_PASSWORD, {}, attacker);
      expect(capped.status).toBe(429);
      expect(capped.body.errors[0].translate_key).toBe('tooManyAttempts');
      // The real owner, elsewhere, is not affected.
      expect((await login('paul@example.com', STRONG_PASSWORD, {}, '198.51.100.1')).status).toBe(200);
    });

    it('logs in with a password that no longer meets the rules, but only to change it', async () => {
      const id = await createAccount(t.ctx.db, { email: 'legacy@example.com', password: 'legacypass' });
      const response = await login('legacy@example.com', 'legacypass');
      expect(response.status).toBe(200);
      expect(response.body.needPasswordChange).toBe(true);
      const token = response.body.account_token;
      expect((await current(token)).body.needPasswordChange).toBe(true);
      const blocked = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token });
      expect([blocked.status, blocked.body.message]).toEqual([403, 'pwdMustBeChanged']);

      const weak = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        token,
        body: { account: { password: 'stillweak' } },
      });
      expect(weak.status).toBe(422);
      const changed = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        token,
        body: {
          account: {
            password: STRONG_PASSWORD,
            password_confirmation: STRONG_PASSWORD,
            api_profile: 'Account',
            api_user_id: id,
          },
        },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.msg).toBe('passwordChanged');
      expect((await current(token)).status).toBe(401);
      const fresh = changed.body.account_token;
      expect((await current(fresh)).body.needPasswordChange).toBe(false);
      expect((await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: fresh })).status).toBe(200);
    });
  });

  describe('passwords', () => {
    it('changes a password only with the right current password', async () => {
      const id = await createAccount(t.ctx.db, { email: 'change@example.com' });
      const token = await loginAs(t, 'change@example.com');
      const missing = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        token,
        body: { account: { password: 'New-Password-77!' } },
      });
      expect(missing.body.message).toBe('currentPasswordRequired');
      const wrong = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        token,
        body: { account: { password: 'New-Password-77!', current_password: 'Wrong-pass-1!' } },
      });
      expect([wrong.status, wrong.body.message]).toEqual([422, 'passwordError']);
      const mismatch = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        token,
        body: {
          account: {
            password: 'New-Password-77!',
            password_confirmation: 'Other-Password-77!',
            current_password: STRONG_PASSWORD,
          },
        },
      });
      expect(mismatch.body.message).toBe('passwordConfirm');
      const other = await createAccount(t.ctx.db, { email: 'other@example.com' });
      const foreign = await call(t, 'PUT', `/api/v3/accounts/${other}.json`, {
        token,
        body: { account: { password: 'New-Password-77!', current_password: STRONG_PASSWORD } },
      });
      expect(foreign.status).toBe(403);
      const ok = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        token,
        body: { account: { password: 'New-Password-77!', current_password: STRONG_PASSWORD } },
      });
      expect(ok.status).toBe(200);
      expect((await login('change@example.com', STRONG_PASSWORD)).status).toBe(401);
      expect((await login('change@example.com', 'New-Password-77!')).status).toBe(200);
    });

    it('answers a reset request the same way for known and unknown addresses', async () => {
      await createAccount(t.ctx.db, { email: 'forgot@example.com' });
      const started = Date.now();
      const known = await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
        body: { account: { email: 'forgot@example.com', group_id: groupId } },
      });
      const knownMs = Date.now() - started;
      const started2 = Date.now();
      const unknown = await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
        body: { account: { email: 'ghost@example.com', group_id: groupId } },
      });
      const unknownMs = Date.now() - started2;
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(knownMs).toBeGreaterThanOrEqual(380);
      expect(unknownMs).toBeGreaterThanOrEqual(380);
      expect(await latestMailTo(t.ctx.db, 'ghost@example.com')).toBeUndefined();
      expect(await latestMailTo(t.ctx.db, 'forgot@example.com')).toBeDefined();
    });

    it('resets through a single-use link that expires after an hour', async () => {
      const id = (
        await t.ctx.db
          .selectFrom('accounts')
          .select('id')
          .where('email', '=', 'forgot@example.com')
          .executeTakeFirstOrThrow()
      ).id;
      const mail = await latestMailTo(t.ctx.db, 'forgot@example.com');
      const key = mail!.link!.searchParams.get('oubliKey')!;
      expect(mail!.link!.searchParams.get('account_id')).toBe(String(id));
      const reset = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        body: { account: { password: 'Reset-Password-9!', oubliKey: key } },
      });
      expect(reset.status).toBe(200);
      expect((await current(reset.body.account_token)).body.logged).toBe(true);
      const reuse = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        body: { account: { password: 'Another-Pass-9!', oubliKey: key } },
      });
      expect([reuse.status, reuse.body.message]).toEqual([403, 'invalidLink']);

      await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
        body: { account: { email: 'forgot@example.com', group_id: groupId } },
      });
      const late = (await latestMailTo(t.ctx.db, 'forgot@example.com'))!.link!.searchParams.get('oubliKey')!;
      t.clock.advance(HOUR + 1000);
      const expired = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        body: { account: { password: 'Another-Pass-9!', oubliKey: late } },
      });
      expect(expired.body.message).toBe('invalidLink');
      expect((await login('forgot@example.com', 'Reset-Password-9!')).status).toBe(200);
    });

    it('refuses the current password as the new one (passwordUnchanged), leaving the link usable', async () => {
      const id = (
        await t.ctx.db
          .selectFrom('accounts')
          .select('id')
          .where('email', '=', 'forgot@example.com')
          .executeTakeFirstOrThrow()
      ).id;
      await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
        body: { account: { email: 'forgot@example.com', group_id: groupId } },
      });
      const key = (await latestMailTo(t.ctx.db, 'forgot@example.com'))!.link!.searchParams.get('oubliKey')!;
      const same = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        body: { account: { password: 'Reset-Password-9!', oubliKey: key } },
      });
      expect([same.status, same.body.message]).toEqual([422, 'passwordUnchanged']);
      const other = await call(t, 'PUT', `/api/v3/accounts/${id}.json`, {
        body: { account: { password: 'Brand-New-Pass-9!', oubliKey: key } },
      });
      expect(other.status).toBe(200);
      expect((await login('forgot@example.com', 'Brand-New-Pass-9!')).status).toBe(200);
    });
  });

  describe('e-mail change', () => {
    it('confirms a new address from a link sent to it, with emailUsing and emailAlreadyExists', async () => {
      const id = await createAccount(t.ctx.db, { email: 'mover@example.com' });
      await createAccount(t.ctx.db, { email: 'occupied@example.com' });
      const token = await loginAs(t, 'mover@example.com');
      const put = (temp_email: string) =>
        call(t, 'PUT', `/api/v3/accounts/${id}/email.json`, {
          token,
          body: { account: { group_id: groupId, temp_email } },
        });
      expect((await put('MOVER@example.com')).body).toMatchObject({
        message: 'emailUsing',
        temp_email: ['emailUsing'],
      });
      expect((await put('nope')).body.message).toBe('emailValidator');
      const occupied = await put('occupied@example.com');
      expect([occupied.status, occupied.body.message]).toEqual([422, 'emailAlreadyExists']);
      const ok = await put('moved@example.com');
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        emailChanged: true,
        account: { email: 'mover@example.com', temp_email: 'moved@example.com' },
      });

      const link = (await latestMailTo(t.ctx.db, 'moved@example.com'))!.link!;
      const confirmed = await login('mover@example.com', STRONG_PASSWORD, {
        temp_email: link.searchParams.get('temp_email'),
        validation_key: link.searchParams.get('validation_key'),
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.account.email).toBe('moved@example.com');
      expect((await login('moved@example.com', STRONG_PASSWORD)).status).toBe(200);
    });
  });

  describe('professionals', () => {
    it("lists a professional's groups, and refuses customers and anonymous callers", async () => {
      await createAccount(t.ctx.db, {
        email: 'pro@example.com',
        role: 'pro',
        proGroups: [groupId, closedId],
      });
      const token = await loginAs(t, 'pro@example.com');
      const groups = await call(t, 'GET', '/api/v3/groups', { token });
      expect(groups.body.records.map((g: { urlname: string }) => g.urlname).sort()).toEqual([
        'closed',
        'test-salon',
      ]);
      const session = await current(token);
      expect(session.body).toMatchObject({
        type: 'pro',
        pro: { email: 'pro@example.com' },
        pro_token: token,
      });
      expect(
        (await call(t, 'GET', '/api/v3/groups', { token: await loginAs(t, 'paul@example.com') })).status,
      ).toBe(403);
      expect((await call(t, 'GET', '/api/v3/groups')).status).toBe(401);
    });
  });
});
