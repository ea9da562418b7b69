/**
 * Sign-up (docs/back-office.md "Sign-up and platform"), through HTTP on both databases: a person
 * creates a business and is its logged-in owner, the group bookable at once and its configuration
 * kept as version 1; every bad field is named; a taken, reserved or malformed url name, an unknown
 * zone, huge strings and wrong types are refused with nothing written; a failure after the import
 * leaves no group, account or membership; two sign-ups racing for one url name: exactly one wins.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, latestMailTo, loginAs, STRONG_PASSWORD } from './support/accounts.ts';
import { slots } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPgliteDatabase, forEachDatabase } from './support/test-db.ts';

/** A valid business; each test changes what it is about. */
export function business(urlname: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Salon Écume',
    urlname,
    address: { street: '4 rue des Lices', zipcode: '35000', city: 'Rennes', country: 'FR' },
    language: 'fr',
    service: { name: 'Coupe', duration: 30, price: 2500 },
    hours: [
      { weekday: 2, from: '09:00', to: '12:00' },
      { weekday: 2, from: '14:00', to: '18:00' },
      { weekday: 3, from: '09:00', to: '18:00' },
    ],
    ...overrides,
  };
}

const owner = (email: string) => ({
  firstname: 'Maël',
  lastname: 'Le Goff',
  email,
  password: STRONG_PASSWORD,
});

forEachDatabase('sign-up', (database, engine) => {
  let t: TestApp;
  let taken: number;

  beforeAll(async () => {
    t = await createTestApp(database(), {
      now: '2026-11-23T08:00:00Z',
      config: { platformAdmins: ['ops@ecume.example'] },
    });
    taken = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'deja-pris' }))).id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const signup = (body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(t, 'POST', '/api/v3/signup', { body, ...options });

  const rowsOf = async (urlname: string, email: string) => {
    const group = await t.ctx.db.selectFrom('groups').select('id').where('urlname', '=', urlname).execute();
    const account = await t.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).execute();
    const versions = await t.ctx.db
      .selectFrom('group_config_versions')
      .innerJoin('groups', 'groups.id', 'group_config_versions.group_id')
      .select('version')
      .where('groups.urlname', '=', urlname)
      .execute();
    return { groups: group.length, accounts: account.length, versions: versions.length };
  };

  it('creates the group, its owner and a session; the group is bookable at once', async () => {
    const response = await signup({ owner: owner('mael@ecume.example'), business: business('salon-ecume') });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.group.urlname).toBe('salon-ecume');
    expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
    const groupId = response.body.group.id;
    const token = response.body.account_token;

    const membership = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/membership`, { token });
    expect(membership.status).toBe(200);
    expect(membership.body.role).toBe('owner');

    const versions = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/configuration/versions`, {
      token,
    });
    expect(versions.body.records).toMatchObject([{ version: 1, source: 'signup', author: 'Maël Le Goff' }]);
    const config = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/configuration`, { token });
    expect(config.body.document.settings).toMatchObject({
      timezone: 'Europe/Paris',
      locale: 'fr',
      enabled_locales: ['fr'],
      currency: 'EUR',
      address: { city: 'Rennes', country: 'FR' },
    });
    expect(config.body.document.calendars[0].weekly).toEqual({
      tue: [
        ['09:00', '12:00'],
        ['14:00', '18:00'],
      ],
      wed: [['09:00', '18:00']],
    });

    const page = await call(t, 'GET', '/api/v3/services/groups/salon-ecume.json');
    expect(page.status).toBe(200);
    const services = await call(t, 'GET', `/api/v3/groups/${groupId}/interventions`);
    const service = services.body.records[0];
    expect(service).toMatchObject({ publicname: 'Coupe' });
    // Tuesday 24 November 2026: the first opening day after "now".
    const free = await slots(t, groupId, `start=2026-11-24&nDays=1&intervention_ids[]=${service.id}`);
    expect(free.status).toBe(200);
    expect(free.body.availabletimeslots.length).toBeGreaterThan(0);
    expect(free.body.availabletimeslots[0].start).toContain('2026-11-24T09:00');

    // The owner logs in with the password later.
    expect(await loginAs(t, 'mael@ecume.example', STRONG_PASSWORD, groupId)).toBeTruthy();

    // And is told, in the business's language, where its back office and booking page are.
    const welcome = await latestMailTo(t.ctx.db, 'mael@ecume.example');
    expect(welcome?.group_id).toBe(groupId);
    expect(welcome?.subject).toMatch(/votre page de réservation est en ligne$/);
    expect(welcome?.link?.pathname).toBe('/salon-ecume/admin');
    expect(welcome?.text_body).toContain(`${t.ctx.config.publicUrl}/salon-ecume\n`);
  });

  it('names every bad field, and writes nothing', async () => {
    const response = await signup({
      owner: { firstname: ' ', lastname: 'X'.repeat(101), email: 'not-an-address', password: 'short' },
      business: business('Bad_Name', {
        name: '',
        timezone: 'Mars/Olympus_Mons',
        language: 'xx',
        address: { street: '', zipcode: '1', city: 'C', country: 'France' },
        service: { name: 'S', duration: 3, price: 50_000_000 },
        hours: [
          { weekday: 1, from: '10:00', to: '09:00' },
          { weekday: 2, from: '25:00', to: '26:00' },
          { weekday: 3, from: '09:00', to: '12:00' },
          { weekday: 3, from: '11:00', to: '13:00' },
        ],
      }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.message).toBe('invalidSignup');
    expect(response.body.problems).toEqual({
      'owner.firstname': ['required'],
      'owner.lastname': ['tooLong'],
      'owner.email': ['emailValidator'],
      'owner.password': ['passwordRules'],
      'business.name': ['required'],
      'business.urlname': ['urlnameFormat'],
      'business.address.street': ['required'],
      'business.address.country': ['countryCode'],
      'business.timezone': ['timezoneUnknown'],
      'business.language': ['languageUnknown'],
      'business.service.duration': ['durationRange'],
      'business.service.price': ['priceRange'],
      'business.hours[0]': ['rangeOrder'],
      'business.hours[1]': ['timeFormat'],
      'business.hours[3]': ['rangeOverlap'],
    });
    expect(await rowsOf('Bad_Name', 'not-an-address')).toEqual({ groups: 0, accounts: 0, versions: 0 });
  });

  it('asks for a zone when the country has several, and takes a valid one', async () => {
    const address = { street: 'Calle Mayor 1', zipcode: '28013', city: 'Madrid', country: 'ES' };
    const missing = await signup({
      owner: owner('ana@madrid.example'),
      business: business('madrid', { address }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.problems).toEqual({ 'business.timezone': ['timezoneRequired'] });
    const given = await signup({
      owner: owner('ana@madrid.example'),
      business: business('madrid', { address, timezone: 'Europe/Madrid', language: 'es' }),
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
  });

  it('refuses a taken, a reserved and an existing address without writing', async () => {
    const before = await rowsOf('deja-pris', 'x@taken.example');
    const sameUrl = await signup({ owner: owner('x@taken.example'), business: business('deja-pris') });
    expect(sameUrl.status).toBe(409);
    expect(sameUrl.body.message).toBe('urlnameTaken');
    expect(sameUrl.body.problems).toEqual({ 'business.urlname': ['urlnameTaken'] });
    for (const word of ['signup', 'admin', 'api', 'inactive', 'platform']) {
      const reserved = await signup({ owner: owner('x@taken.example'), business: business(word) });
      expect(reserved.status, word).toBe(422);
      expect(reserved.body.problems).toEqual({ 'business.urlname': ['urlnameReserved'] });
    }
    await createAccount(t.ctx.db, { email: 'already@taken.example' });
    const sameEmail = await signup({
      owner: owner('Already@Taken.example'),
      business: business('free-name'),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.problems).toEqual({ 'owner.email': ['emailAlreadyExists'] });
    // An operator's address is never claimed by a sign-up, which proves no address.
    const operator = await signup({ owner: owner('OPS@ecume.example'), business: business('free-name') });
    expect(operator.status).toBe(409);
    expect(operator.body.problems).toEqual({ 'owner.email': ['emailAlreadyExists'] });
    expect(await rowsOf('deja-pris', 'x@taken.example')).toEqual(before);
    expect(await rowsOf('free-name', 'already@taken.example')).toEqual({
      groups: 0,
      accounts: 1,
      versions: 0,
    });
    // The existing group was not touched.
    const group = await t.ctx.db
      .selectFrom('groups')
      .select('name')
      .where('id', '=', taken)
      .executeTakeFirst();
    expect(group?.name).not.toBe('Salon Écume');
  });

  it('refuses huge strings and wrong types before anything runs', async () => {
    const huge = 'x'.repeat(100_000);
    const cases: unknown[] = [
      { owner: owner('huge@x.example'), business: business('huge', { name: huge }) },
      { owner: owner('huge@x.example'), business: business(huge) },
      { owner: { ...owner('huge@x.example'), password: huge }, business: business('huge') },
      { owner: owner('huge@x.example'), business: business('huge', { hours: 'all day' }) },
      {
        owner: owner('huge@x.example'),
        business: business('huge', { service: { name: 'S', duration: '30m' } }),
      },
      { owner: owner('huge@x.example'), business: business('huge', { name: 'A\u0000B' }) },
      {
        owner: owner('huge@x.example'),
        business: business('huge', { hours: Array(101).fill({ weekday: 1, from: '09:00', to: '10:00' }) }),
      },
      { owner: 'me', business: business('huge') },
      { owner: owner('huge@x.example') },
      [],
    ];
    for (const body of cases) {
      const response = await signup(body);
      expect(response.status, JSON.stringify(response.body).slice(0, 200)).toBe(400);
    }
    // Long but within the wire's bounds: the field is named.
    const long = await signup({
      owner: owner('huge@x.example'),
      business: business('huge', { name: 'x'.repeat(400) }),
    });
    expect(long.status).toBe(422);
    expect(long.body.problems).toEqual({ 'business.name': ['tooLong'] });
    expect(await rowsOf('huge', 'huge@x.example')).toEqual({ groups: 0, accounts: 0, versions: 0 });
  });

  it('makes a logged-in work account the owner; refuses a customer account', async () => {
    await createAccount(t.ctx.db, { email: 'pro@already.example', role: 'pro', proGroups: [taken] });
    await t.ctx.db
      .updateTable('accounts')
      .set({ name: 'Paola Pro' })
      .where('email', '=', 'pro@already.example')
      .execute();
    const token = await loginAs(t, 'pro@already.example', undefined, taken);
    const second = await signup({ business: business('second-shop') }, { token });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const membership = await call(t, 'GET', `/api/v3/admin/groups/${second.body.group.id}/membership`, {
      token: second.body.account_token,
    });
    expect(membership.body.role).toBe('owner');

    await createAccount(t.ctx.db, { email: 'customer@already.example' });
    const customer = await loginAs(t, 'customer@already.example', undefined, taken);
    const refused = await signup({ business: business('customer-shop') }, { token: customer });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('customerAccount');
    const anonymous = await signup({ business: business('nobody-shop') });
    expect(anonymous.status).toBe(422);
    expect(anonymous.body.problems).toEqual({ owner: ['required'] });
    expect(await rowsOf('customer-shop', 'nobody')).toMatchObject({ groups: 0 });
  });

  it('leaves nothing behind when a step after the import fails', async () => {
    // The session, the last row written, is refused by the database for this one address.
    await sql
      .raw(`create function refuse_test_session() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from accounts where id = new.account_id and email = 'doomed@ecume.example') then
            raise exception 'refused for the test';
          end if;
          return new;
        end $$`)
      .execute(t.ctx.db);
    await sql
      .raw(
        'create trigger refuse_test_session before insert on sessions for each row execute function refuse_test_session()',
      )
      .execute(t.ctx.db);
    try {
      const response = await signup({ owner: owner('doomed@ecume.example'), business: business('doomed') });
      expect(response.status).toBe(500);
    } finally {
      await sql.raw('drop trigger refuse_test_session on sessions').execute(t.ctx.db);
      await sql.raw('drop function refuse_test_session()').execute(t.ctx.db);
    }
    expect(await rowsOf('doomed', 'doomed@ecume.example')).toEqual({ groups: 0, accounts: 0, versions: 0 });
    const orphans = await t.ctx.db
      .selectFrom('pro_groups')
      .leftJoin('groups', 'groups.id', 'pro_groups.group_id')
      .select('pro_groups.group_id')
      .where('groups.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    // The same sign-up then goes through.
    const again = await signup({ owner: owner('doomed@ecume.example'), business: business('doomed') });
    expect(again.status).toBe(201);
  });

  // On the embedded database requests run one after another: no race to see there.
  if (engine === 'postgres')
    it('two sign-ups for one url name at once: exactly one wins', async () => {
      for (let round = 0; round < 3; round++) {
        const urlname = `race-${round}`;
        const answers = await Promise.all(
          [1, 2, 3].map((n) =>
            signup({ owner: owner(`racer${n}-${round}@race.example`), business: business(urlname) }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
        for (const lost of answers.filter((a) => a.status === 409))
          expect(lost.body.message).toBe('urlnameTaken');
        const accounts = await t.ctx.db
          .selectFrom('accounts')
          .select('id')
          .where('email', 'like', `racer%-${round}@race.example`)
          .execute();
        expect(accounts).toHaveLength(1);
        expect(await rowsOf(urlname, '')).toMatchObject({ groups: 1, versions: 1 });
      }
    });
});

describe('sign-up when the deployment takes none, and its rate limit', () => {
  let t: TestApp;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createPgliteDatabase();
    t = await createTestApp(handle, {
      now: '2026-11-23T08:00:00Z',
      config: { openSignup: false },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await handle.close();
  });

  it('answers 403 signupClosed and writes nothing', async () => {
    const response = await call(t, 'POST', '/api/v3/signup', {
      body: { owner: owner('closed@x.example'), business: business('closed-shop') },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('signupClosed');
    const groups = await t.ctx.db.selectFrom('groups').select('id').execute();
    expect(groups).toEqual([]);
  });

  it('is limited per client address', async () => {
    const own = await createPgliteDatabase();
    const limited = await createTestApp(own, { config: { rateLimitScale: 1 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push(
          (
            await call(limited, 'POST', '/api/v3/signup', {
              body: { owner: owner(`r${i}@x.example`), business: business('Bad_Name') },
              ip: '203.0.113.9',
            })
          ).status,
        );
      expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.app.close();
      await own.close();
    }
  });
});
