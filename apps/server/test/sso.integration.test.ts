/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) listening on a local port:
 * the test plays the browser — it follows redirects between the application and the provider,
 * keeps each side's cookies and submits the provider's login and consent steps.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, STRONG_PASSWORD } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const APP_ORIGIN = 'https://creneau.test';
const CLIENT_ID = 'creneau-sso-only';
const CLIENT_SECRET = 'provider-secret-7f3c9a1e5b';

interface ProviderUser {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** The people the provider knows, by login (also their subject). */
const USERS: Record<string, ProviderUser> = {
  alice: { email: 'Alice.Sso@Example.com', email_verified: true, name: 'Alice Sso' },
  bob: { email: 'bob.local@example.com', email_verified: true },
  carol: { email: 'carol.local@example.com', email_verified: false },
  dave: { name: 'Dave Without Mail' },
  pat: { email: 'pat.pro@example.com', email_verified: true },
};

function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });
}

/** An OpenID provider on a random local port, with a client for the group and simple interactions. */
async function startProvider() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${APP_ORIGIN}/auth/sso/callback`],
        post_logout_redirect_uris: [`${APP_ORIGIN}/disconnected`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: ['provider-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) =>
      USERS[sub] ? { accountId: sub, claims: async () => ({ sub, ...USERS[sub] }) } : undefined,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = form;
        },
      },
    },
  });
  const callback = provider.callback();
  // The provider's login and consent pages, reduced to what a browser submits.
  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const step = match[2];
      if (!step) {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ uid: details.uid, prompt: details.prompt.name }));
      }
      if (step === 'abort') {
        return provider.interactionFinished(req, res, {
          error: 'access_denied',
          error_description: 'refused',
        });
      }
      if (step === 'login') {
        const login = (await readBody(req)).get('login') ?? '';
        if (!USERS[login]) {
          res.statusCode = 401;
          return res.end('unknown user');
        }
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
      }
      const { prompt, params, session, grantId } = details;
      const grant = grantId
        ? await provider.Grant.find(grantId)
        : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
      const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant!.save() } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An address nothing listens on: a provider that is down. */
async function closedAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

interface Hop {
  url: string;
  status: number;
  location: string | undefined;
  body: string;
  setCookies: string[];
}

/**
 * Just enough of a browser: one cookie jar per origin (cookies are dropped when they expire), and
 * redirects followed. Requests to the application go through `inject`, the others over HTTP.
 */
class Browser {
  readonly jar = new Map<string, Map<string, string>>();
  readonly hops: Hop[] = [];

  /** The application replica answering this browser (another one may take over mid-flow). */
  constructor(public t: TestApp) {}

  cookies(origin: string): Map<string, string> {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    this.jar.set(origin, cookies);
    return cookies;
  }

  private keep(origin: string, setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies(origin).delete(name);
      else this.cookies(origin).set(name, value);
    }
  }

  private cookieHeader(origin: string): string {
    return [...this.cookies(origin)].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(address: string, form?: Record<string, string>): Promise<Hop> {
    const url = new URL(address, APP_ORIGIN);
    const headers: Record<string, string> = { cookie: this.cookieHeader(url.origin) };
    const payload = form ? new URLSearchParams(form).toString() : undefined;
    if (payload) headers['content-type'] = 'application/x-www-form-urlencoded';
    let hop: Hop;
    if (url.origin === APP_ORIGIN) {
      const response = await this.t.app.inject({
        method: form ? 'POST' : 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      const raw = response.headers['set-cookie'];
      hop = {
        url: url.href,
        status: response.statusCode,
        location: response.headers.location as string | undefined,
        body: response.body,
        setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw],
      };
    } else {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        headers,
        body: payload,
        redirect: 'manual',
      });
      hop = {
        url: url.href,
        status: response.status,
        location: response.headers.get('location') ?? undefined,
        body: await response.text(),
        setCookies: response.headers.getSetCookie(),
      };
    }
    this.keep(url.origin, hop.setCookies);
    this.hops.push(hop);
    return hop;
  }

  /** Requests `address` and follows redirects; stops before a URL `stopBefore` accepts. */
  async follow(
    address: string,
    options: { form?: Record<string, string>; stopBefore?: (url: URL) => boolean } = {},
  ) {
    let hop = await this.request(address, options.form);
    for (let redirects = 0; hop.location && hop.status >= 300 && hop.status < 400; redirects++) {
      if (redirects > 20) throw new Error('too many redirects');
      const next = new URL(hop.location, hop.url);
      if (options.stopBefore?.(next)) return { hop, stoppedAt: next };
      hop = await this.request(next.href);
    }
    return { hop, stoppedAt: undefined };
  }

  appCookie(name: string): string | undefined {
    return this.cookies(APP_ORIGIN).get(name);
  }
}

const isCallback = (url: URL) => url.href.startsWith(`${APP_ORIGIN}/auth/sso/callback`);

forEachDatabase('single sign-on', (database) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let ssoGroupId: number;

  const interaction = (hop: Hop) => JSON.parse(hop.body) as { uid: string; prompt: string };

  /** Starts a sign-on and goes through the provider's steps; stops before the callback when asked. */
  async function signOn(
    browser: Browser,
    login: string,
    options: {
      returnTo?: string;
      stopBeforeCallback?: boolean;
      refuseConsent?: boolean;
      urlname?: string;
    } = {},
  ) {
    const query =
      options.returnTo === undefined ? '' : `?${new URLSearchParams({ return_to: options.returnTo })}`;
    const stopBefore = options.stopBeforeCallback ? isCallback : undefined;
    let step = await browser.follow(`/auth/sso/${options.urlname ?? 'sso-only'}/login${query}`, {
      stopBefore,
    });
    // The provider asks for what it is missing (login, then consent) until it redirects back.
    while (!step.stoppedAt && step.hop.url.startsWith(provider.issuer) && step.hop.status === 200) {
      const { uid, prompt } = interaction(step.hop);
      const action = prompt === 'login' ? 'login' : options.refuseConsent ? 'abort' : 'confirm';
      const form: Record<string, string> = action === 'login' ? { login } : {};
      step = await browser.follow(`${provider.issuer}/interaction/${uid}/${action}`, { form, stopBefore });
    }
    return step;
  }

  const current = (browser: Browser) =>
    call(t, 'GET', '/api/v3/sessions/current.json', {
      cookie: `creneau_session=${browser.appCookie('creneau_session')}`,
    });

  const accountsWithEmail = (email: string) =>
    t.ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).execute();

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp(database(), { config: { publicUrl: APP_ORIGIN } });
    const sso = { issuer: provider.issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
    ssoGroupId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({ urlname: 'sso-only', website: null, settings: { sso_login_only: true }, sso }),
      )
    ).id;
    const down = { issuer: await closedAddress(), client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
    await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'sso-down', website: null, sso: down }));
    await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'no-sso', website: null }));
  });
  afterAll(async () => {
    await t?.app.close();
    await provider?.close();
  });

  describe('a full authorization-code login', () => {
    let first: Browser;
    let accountId: number;

    it('redirects to the provider with PKCE, state and nonce, keeping the flow in a signed cookie', async () => {
      const browser = new Browser(t);
      const hop = await browser.request('/auth/sso/sso-only/login?return_to=/sso-only/account');
      expect(hop.status).toBe(302);
      const authorize = new URL(hop.location!);
      expect(authorize.origin).toBe(provider.issuer);
      const params = Object.fromEntries(authorize.searchParams);
      expect(params).toMatchObject({
        client_id: CLIENT_ID,
        response_type: 'code',
        redirect_uri: `${APP_ORIGIN}/auth/sso/callback`,
        code_challenge_method: 'S256',
      });
      expect(params.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
      expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
      expect(params.state).toMatch(/^[\w-]{20,}\.sso-only$/);
      expect(params.nonce).toMatch(/^[\w-]{20,}$/);
      expect(JSON.stringify(params)).not.toContain(CLIENT_SECRET);

      const flowCookie = hop.setCookies.find((line) => line.startsWith('creneau_sso_flow='))!;
      expect(flowCookie).toMatch(/; HttpOnly/i);
      expect(flowCookie).toMatch(/; Secure/i);
      expect(flowCookie).toMatch(/; SameSite=Lax/i);
      expect(flowCookie).toMatch(/; Path=\/auth\/sso\/callback/);
      expect(flowCookie).toMatch(/; Max-Age=600/);
      // Signed: the value ends with a signature after the last dot.
      expect(decodeURIComponent(flowCookie.split(';')[0]!)).toMatch(/\.[\w+/-]{20,}=*$/);
    });

    it('logs in through the provider and lands on return_to with an sso_logged user session', async () => {
      first = new Browser(t);
      const { hop } = await signOn(first, 'alice', { returnTo: '/sso-only/account?tab=appointments' });
      const back = first.hops.find((h) => h.url.startsWith(`${APP_ORIGIN}/auth/sso/callback`))!;
      expect(back.status).toBe(302);
      expect(back.location).toBe('/sso-only/account?tab=appointments');
      expect(new URL(back.url).searchParams.get('code')).toBeTruthy();
      expect(hop.url).toBe(`${APP_ORIGIN}/sso-only/account?tab=appointments`);
      // The provider asked for a login and then for consent.
      const prompts = first.hops
        .filter((h) => /\/interaction\/[\w-]+$/.test(h.url))
        .map((h) => interaction(h).prompt);
      expect(prompts).toEqual(['login', 'consent']);
      expect(first.appCookie('creneau_sso_flow')).toBeUndefined();

      const session = await current(first);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ logged: true, type: 'user', sso_logged: true });
      expect(session.body.account).toMatchObject({ email: 'alice.sso@example.com', sso: true });

      const [account, ...others] = await accountsWithEmail('alice.sso@example.com');
      expect(others).toHaveLength(0);
      expect(account).toMatchObject({
        sso_issuer: provider.issuer,
        sso_subject: 'alice',
        password_hash: null,
        status: 'active',
        role: 'user',
        name: 'Alice Sso',
        origin_group_id: ssoGroupId,
      });
      accountId = account!.id;
    });

    it('finds the same account at the next login, with a new session', async () => {
      // Same browser: the provider remembers Alice and asks nothing this time.
      const before = first.appCookie('creneau_session');
      const { hop } = await signOn(first, 'alice');
      expect(hop.url).toBe(`${APP_ORIGIN}/sso-only`);
      expect(first.appCookie('creneau_session')).not.toBe(before);
      const session = await current(first);
      expect(session.body).toMatchObject({ logged: true, sso_logged: true, account: { id: accountId } });

      // A fresh browser logs in again at the provider and still reaches the same account.
      const other = new Browser(t);
      await signOn(other, 'alice');
      expect((await current(other)).body.account.id).toBe(accountId);
      expect(await accountsWithEmail('alice.sso@example.com')).toHaveLength(1);
    });

    it('sends return_to addresses outside the group to the group home page', async () => {
      for (const returnTo of [
        '//evil.example/sso-only',
        'https://evil.example/',
        '/no-sso/account',
        '/sso-only/../no-sso',
      ]) {
        const browser = new Browser(t);
        const { hop } = await signOn(browser, 'alice', { returnTo });
        expect(hop.url).toBe(`${APP_ORIGIN}/sso-only`);
      }
    });

    it('ends the session and then the provider session, coming back to /disconnected', async () => {
      const browser = new Browser(t);
      await signOn(browser, 'alice');
      const cookie = `creneau_session=${browser.appCookie('creneau_session')}`;
      const loggedOut = await call(t, 'POST', '/api/v3/sessions/logout.json', { cookie });
      expect(loggedOut.body).toMatchObject({ logged: false, sso_logout: true });
      expect((await current(browser)).status).toBe(401);

      const start = await browser.request('/auth/sso/sso-only/logout');
      expect(start.status).toBe(302);
      const endSession = new URL(start.location!);
      expect(endSession.origin).toBe(provider.issuer);
      expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_ORIGIN}/disconnected`);
      expect(endSession.searchParams.get('client_id')).toBe(CLIENT_ID);

      // The provider asks to confirm (its form), then returns to /disconnected.
      const confirmPage = await browser.request(endSession.href);
      expect(confirmPage.status).toBe(200);
      const action = /action="([^"]+)"/.exec(confirmPage.body)![1]!;
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmPage.body)![1]!;
      const { hop } = await browser.follow(new URL(action, provider.issuer).href, {
        form: { xsrf, logout: 'yes' },
      });
      expect(hop.url).toBe(`${APP_ORIGIN}/disconnected`);

      // The provider session is over: the next sign-on asks for a login again.
      const again = await browser.follow('/auth/sso/sso-only/login');
      expect(interaction(again.hop).prompt).toBe('login');
    });
  });

  describe('account linking', () => {
    it('links a local account when the provider vouches for the address', async () => {
      const localId = await createAccount(t.ctx.db, { email: 'bob.local@example.com', status: 'pending' });
      const browser = new Browser(t);
      const { hop } = await signOn(browser, 'bob');
      expect(hop.url).toBe(`${APP_ORIGIN}/sso-only`);
      expect((await current(browser)).body).toMatchObject({
        logged: true,
        sso_logged: true,
        account: { id: localId },
      });
      const [account] = await accountsWithEmail('bob.local@example.com');
      expect(account).toMatchObject({
        id: localId,
        sso_issuer: provider.issuer,
        sso_subject: 'bob',
        status: 'active',
      });
      expect(account!.password_hash).not.toBeNull();
    });

    it('refuses to link when the address is not verified, or belongs to a professional', async () => {
      const carolId = await createAccount(t.ctx.db, { email: 'carol.local@example.com' });
      await createAccount(t.ctx.db, { email: 'pat.pro@example.com', role: 'pro', proGroups: [ssoGroupId] });
      for (const [login, key, email] of [
        ['carol', 'emailNotVerified', 'carol.local@example.com'],
        ['pat', 'emailAlreadyLinked', 'pat.pro@example.com'],
      ] as const) {
        const browser = new Browser(t);
        const { hop } = await signOn(browser, login);
        expect(hop.url).toBe(`${APP_ORIGIN}/sso-only/error?sso_error=${key}`);
        expect(browser.appCookie('creneau_session')).toBeUndefined();
        const [account] = await accountsWithEmail(email);
        expect(account!.sso_subject).toBeNull();
      }
      expect((await accountsWithEmail('carol.local@example.com'))[0]!.id).toBe(carolId);
    });

    it('refuses a new account without an e-mail address', async () => {
      const browser = new Browser(t);
      const { hop } = await signOn(browser, 'dave');
      expect(hop.url).toBe(`${APP_ORIGIN}/sso-only/error?sso_error=emailMissing`);
      const row = await t.ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('sso_subject', '=', 'dave')
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('failures end on the group error page, never on a 500', () => {
    const noSession = (browser: Browser) => expect(browser.appCookie('creneau_session')).toBeUndefined();

    it('a tampered state is refused, and the flow cannot be replayed afterwards', async () => {
      const browser = new Browser(t);
      const { stoppedAt } = await signOn(browser, 'alice', { stopBeforeCallback: true });
      const tampered = new URL(stoppedAt!);
      tampered.searchParams.set('state', `x${tampered.searchParams.get('state')}`);
      const refused = await browser.request(tampered.href);
      expect([refused.status, refused.location]).toEqual([302, '/sso-only/error?sso_error=invalidState']);
      // The flow cookie was spent by the refused attempt: the genuine answer no longer works either.
      const replay = await browser.request(stoppedAt!.href);
      expect([replay.status, replay.location]).toEqual([302, '/sso-only/error?sso_error=invalidState']);
      noSession(browser);
    });

    it('a missing, forged or expired flow cookie is refused', async () => {
      const spoil: Record<string, (browser: Browser) => void> = {
        missing: (browser) => browser.cookies(APP_ORIGIN).delete('creneau_sso_flow'),
        forged: (browser) => {
          const [payload, signature] = decodeURIComponent(browser.appCookie('creneau_sso_flow')!).split('.');
          const flow = JSON.parse(Buffer.from(payload!, 'base64url').toString());
          const forged = Buffer.from(JSON.stringify({ ...flow, returnTo: '/sso-only/forged' })).toString(
            'base64url',
          );
          browser.cookies(APP_ORIGIN).set('creneau_sso_flow', encodeURIComponent(`${forged}.${signature}`));
        },
        expired: () => t.clock.advance(11 * 60_000),
      };
      for (const [how, act] of Object.entries(spoil)) {
        const browser = new Browser(t);
        const { stoppedAt } = await signOn(browser, 'alice', { stopBeforeCallback: true });
        act(browser);
        const refused = await browser.request(stoppedAt!.href);
        expect([how, refused.status, refused.location]).toEqual([
          how,
          302,
          '/sso-only/error?sso_error=invalidState',
        ]);
        noSession(browser);
      }
    });

    it('any replica sharing the cookie secret finishes the flow; one with another secret refuses it', async () => {
      const secret = t.ctx.config.cookieSecret;
      const replica = await createTestApp(database(), {
        config: { publicUrl: APP_ORIGIN, cookieSecret: secret },
      });
      const stranger = await createTestApp(database(), { config: { publicUrl: APP_ORIGIN } });
      try {
        expect(stranger.ctx.config.cookieSecret).not.toBe(secret);
        const refused = new Browser(t);
        const started = await signOn(refused, 'alice', { stopBeforeCallback: true });
        refused.t = stranger;
        expect((await refused.request(started.stoppedAt!.href)).location).toBe(
          '/sso-only/error?sso_error=invalidState',
        );

        const browser = new Browser(t);
        const { stoppedAt } = await signOn(browser, 'alice', { stopBeforeCallback: true });
        browser.t = replica;
        const finished = await browser.request(stoppedAt!.href);
        expect([finished.status, finished.location]).toEqual([302, '/sso-only']);
        expect((await current(browser)).body).toMatchObject({ logged: true, sso_logged: true });
      } finally {
        await replica.app.close();
        await stranger.app.close();
      }
    });

    it('an authorization code cannot be used twice', async () => {
      const browser = new Browser(t);
      const { stoppedAt } = await signOn(browser, 'alice', { stopBeforeCallback: true });
      const flow = browser.appCookie('creneau_sso_flow')!;
      const first = await browser.request(stoppedAt!.href);
      expect(first.location).toBe('/sso-only');
      browser.cookies(APP_ORIGIN).set('creneau_sso_flow', flow);
      browser.cookies(APP_ORIGIN).delete('creneau_session');
      const second = await browser.request(stoppedAt!.href);
      expect([second.status, second.location]).toEqual([302, '/sso-only/error?sso_error=tokenRejected']);
      noSession(browser);
    });

    it('refused consent says accessDenied', async () => {
      const browser = new Browser(t);
      const { hop } = await signOn(browser, 'alice', { refuseConsent: true });
      expect(hop.url).toBe(`${APP_ORIGIN}/sso-only/error?sso_error=accessDenied`);
      noSession(browser);
    });

    it('a provider that is down says providerUnavailable, and logging out still reaches /disconnected', async () => {
      const browser = new Browser(t);
      const login = await browser.request('/auth/sso/sso-down/login');
      expect([login.status, login.location]).toEqual([302, '/sso-down/error?sso_error=providerUnavailable']);
      const logout = await browser.request('/auth/sso/sso-down/logout');
      expect([logout.status, logout.location]).toEqual([302, '/disconnected']);
    });

    it('an unknown group, a group without a provider and a stray callback are not found', async () => {
      const browser = new Browser(t);
      for (const path of [
        '/auth/sso/nowhere/login',
        '/auth/sso/no-sso/login',
        '/auth/sso/callback',
        '/auth/sso/callback?code=abc&state=xyz.nowhere',
        '/auth/sso/callback?state[]=1&code[a]=2',
      ]) {
        const hop = await browser.request(path);
        expect([path, hop.status]).toEqual([path, 404]);
        expect(hop.setCookies.some((line) => line.startsWith('creneau_session='))).toBe(false);
      }
    });
  });

  describe('an sso_login_only group', () => {
    it('refuses local login, registration and password reset', async () => {
      await createAccount(t.ctx.db, { email: 'local.only@example.com' });
      const login = await call(t, 'POST', '/api/v3/sessions/login.json', {
        body: {
          credentials: { email: 'local.only@example.com', password: STRONG_PASSWORD },
          account: { group_id: ssoGroupId },
        },
      });
      expect([login.status, login.body.message]).toEqual([403, 'ssoLoginOnly']);
      const register = await call(t, 'POST', '/api/v3/accounts.json', {
        body: { account: { group_id: ssoGroupId, email: 'newcomer@example.com', password: STRONG_PASSWORD } },
      });
      expect([register.status, register.body.message]).toEqual([403, 'ssoLoginOnly']);
      expect(await accountsWithEmail('newcomer@example.com')).toHaveLength(0);
      const reset = await call(t, 'POST', '/api/v3/accounts/forgotPassword.json', {
        body: { account: { group_id: ssoGroupId, email: 'local.only@example.com' } },
      });
      expect([reset.status, reset.body.message]).toEqual([403, 'ssoLoginOnly']);
    });

    it('shows its provider but never the client secret', async () => {
      const response = await t.get('/api/v3/services/groups/sso-only.json');
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(CLIENT_SECRET);
      expect(JSON.stringify(response.body)).not.toContain('client_secret');
      const group = response.body.group ?? response.body;
      expect(group.sso_provider).toEqual({ issuer: provider.issuer });
      expect(group.sso_login_only).toBe(true);
    });
  });
});
