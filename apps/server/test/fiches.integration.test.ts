import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmailLinkToken } from '../src/modules/accounts/email-links.ts';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, loginAs } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('fiches', (database) => {
  let t: TestApp;
  let groupId: number;
  let callCenterId: number;
  let customer: string;
  let otherCustomer: string;
  let pro: string;

  beforeAll(async () => {
    t = await createTestApp(database());
    const group = sampleGroup() as any;
    group.forms.fiche.push(
      { name: 'firstphone', type: 'text', label: 'Téléphone', required: true, minLength: 6, maxLength: 20 },
      { name: 'birthdate', type: 'datesplit', label: 'Date de naissance', birthdate: true },
      { name: 'marketing_optin', type: 'boolean', label: 'Offres' },
      { name: 'email', type: 'email', label: 'E-mail', required: true },
    );
    groupId = (await importGroupConfig(t.ctx.db, group)).id;
    callCenterId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({ urlname: 'call-center', website: null, settings: { callCenter: true } }),
      )
    ).id;
    await createAccount(t.ctx.db, { email: 'anna@example.com' });
    await createAccount(t.ctx.db, { email: 'bruno@example.com' });
    await createAccount(t.ctx.db, {
      email: 'agent@example.com',
      role: 'pro',
      proGroups: [groupId, callCenterId],
    });
    customer = await loginAs(t, 'anna@example.com');
    otherCustomer = await loginAs(t, 'bruno@example.com');
    pro = await loginAs(t, 'agent@example.com');
  });
  afterAll(async () => {
    await t.app.close();
  });

  const person = (firstname: string, extra: Record<string, unknown> = {}) => ({
    firstname,
    lastname: 'Dupont',
    firstphone: '06 12 34 56 78',
    email: 'someone.else@example.com',
    ...extra,
  });
  const create = (token: string | null, fiche: Record<string, unknown>, group = groupId) =>
    call(t, 'POST', `/api/v3/groups/${group}/fiches`, { token, body: { fiche } });

  it("creates a customer's records with the account's e-mail, ignoring fields the client may not set", async () => {
    const created = await create(
      customer,
      person('Anna', { marketing_optin: true, id: 999, group_id: 1, birthdate: '1990-05-17' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      firstname: 'Anna',
      lastname: 'Dupont',
      email: 'anna@example.com',
      marketing_optin: false,
      birthdate: '1990-05-17',
      group_id: groupId,
    });
    expect(created.body.id).not.toBe(999);
  });

  it('validates against the group form and writes nothing on error', async () => {
    const before = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: customer });
    const bad = await create(customer, {
      firstname: '',
      lastname: 'X'.repeat(300),
      firstphone: '12',
      birthdate: '2999-01-01',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('formStdError');
    expect(bad.body.errors).toMatchObject({ firstname: 'empty', lastname: 'format', firstphone: 'format' });
    expect(Object.keys(bad.body.errors)).toContain('birthdate');
    const after = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: customer });
    expect(after.body.records).toHaveLength(before.body.records.length);
  });

  it('keeps at most 8 records per customer', async () => {
    const existing = (await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: customer })).body
      .records.length;
    for (let i = existing; i < 8; i++)
      expect((await create(customer, person(`Enfant${i}`))).status).toBe(201);
    const ninth = await create(customer, person('Neuvième'));
    expect([ninth.status, ninth.body.message]).toEqual([422, 'maxFiches']);
    // Deleting one frees a place.
    const list = (await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: customer })).body.records;
    expect(list).toHaveLength(8);
    const removed = await call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${list[7].id}`, {
      token: customer,
      body: { fiche: { deleted: true } },
    });
    expect(removed.body.deleted).toBe(true);
    expect((await create(customer, person('Remplaçant'))).status).toBe(201);
  });

  it('counts toward the 8 only the records the customer sees: 7 shown and hidden ones may add, 8 may not', async () => {
    const account = { id: await createAccount(t.ctx.db, { email: 'carla@example.com' }) };
    const carla = await loginAs(t, 'carla@example.com');
    const shown = async () =>
      (await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: carla })).body.records.filter(
        (r: { lastname: string }) => !r.lastname.startsWith('$'),
      );
    for (let i = (await shown()).length; i < 7; i++)
      expect((await create(carla, person(`Frère${i}`))).status).toBe(201);
    // Hidden records the group keeps for the account: a "$" last name, and a deleted one.
    await t.ctx.db
      .insertInto('fiches')
      .values([
        {
          group_id: groupId,
          account_id: account.id,
          firstname: 'Tech',
          lastname: '$technique',
          fields: '{}',
        },
        {
          group_id: groupId,
          account_id: account.id,
          firstname: 'Old',
          lastname: 'Gone',
          deleted: true,
          fields: '{}',
        },
      ])
      .execute();
    expect(await shown()).toHaveLength(7);
    const eighth = await create(carla, person('Huitième'));
    expect(eighth.status).toBe(201);
    expect(await shown()).toHaveLength(8);
    const ninth = await create(carla, person('Neuvième'));
    expect([ninth.status, ninth.body.message, ninth.body.max]).toEqual([422, 'maxFiches', 8]);
    // A hidden record of the customer's made visible again would be a ninth: refused too.
    const hidden = await create(carla, person('Caché', { lastname: '$caché' }));
    expect(hidden.status).toBe(201);
    const shownAgain = await call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${hidden.body.id}`, {
      token: carla,
      body: { fiche: { lastname: 'Visible' } },
    });
    expect([shownAgain.status, shownAgain.body.message]).toEqual([422, 'maxFiches']);
  });

  it("updates only the caller's own records, and answers 404 for anyone else's", async () => {
    const mine = (await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: customer })).body
      .records[0];
    const updated = await call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${mine.id}`, {
      token: customer,
      body: { fiche: { firstphone: '07 00 00 00 01' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      firstphone: '07 00 00 00 01',
      firstname: mine.firstname,
      email: 'anna@example.com',
    });
    const foreign = await call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${mine.id}`, {
      token: otherCustomer,
      body: { fiche: { firstname: 'Pirate' } },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token: otherCustomer })).body.records,
    ).toEqual([]);
    expect((await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`)).status).toBe(401);
  });

  it('lets a professional search records (3 characters at least), never showing deleted or "$" records', async () => {
    await create(pro, person('Hélène', { lastname: 'Zorro' }));
    await create(pro, person('Technique', { lastname: '$system' }));
    const gone = await create(pro, person('Ancien', { lastname: 'Zorrino' }));
    await call(t, 'PUT', `/api/v3/groups/${groupId}/fiches/${gone.body.id}`, {
      token: pro,
      body: { fiche: { deleted: true } },
    });
    const short = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches?search=zo`, { token: pro });
    expect([short.status, short.body.message]).toEqual([400, 'searchTooShort']);
    const found = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches?search=zor`, { token: pro });
    expect(found.body.records.map((f: { lastname: string }) => f.lastname)).toEqual(['Zorro']);
    const system = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches?search=system`, { token: pro });
    expect(system.body.records).toEqual([]);
    const wildcard = await call(
      t,
      'GET',
      `/api/v3/groups/${groupId}/fiches?search=${encodeURIComponent('%%%')}`,
      { token: pro },
    );
    expect(wildcard.body.records).toEqual([]);
    const byPhone = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches?search=0612345678`, {
      token: pro,
    });
    expect(byPhone.body.records.length).toBeGreaterThan(0);
    // The pro's records are the callers': they keep the e-mail they were given.
    expect(found.body.records[0].email).toBe('someone.else@example.com');
  });

  it('refuses a professional outside their groups and shows call-centre pros the unnamed items', async () => {
    const outsider = await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'elsewhere', website: null }));
    expect(
      (await call(t, 'GET', `/api/v3/groups/${outsider.id}/fiches?search=abc`, { token: pro })).status,
    ).toBe(403);
    const anonymous = await call(t, 'GET', `/api/v3/groups/${callCenterId}/interventions`);
    const asPro = await call(t, 'GET', `/api/v3/groups/${callCenterId}/interventions`, { token: pro });
    const names = (body: { records: { externid: string }[] }) => body.records.map((r) => r.externid);
    expect(names(anonymous.body)).not.toContain('phone-only');
    expect(names(asPro.body)).toContain('phone-only');
    // Outside a call-centre group the rule does not apply, pro or not.
    expect(
      names((await call(t, 'GET', `/api/v3/groups/${groupId}/interventions`, { token: pro })).body),
    ).not.toContain('phone-only');
  });

  it('logs a Fiche-profile visitor in from an e-mail link, limited to the action it was sent for', async () => {
    const fiche = (await create(pro, person('Lien'))).body;
    const key = await createEmailLinkToken(t.ctx.db, {
      lifetime: { purpose: 'fiche', expiresAt: new Date(t.clock.now().getTime() + 86_400_000) },
      owner: { groupId, ficheId: fiche.id },
      payload: { action: 'cancel_apt', appointment_id: 42 },
      now: t.clock.now(),
    });
    const login = await call(t, 'POST', '/api/v3/sessions/login.json', {
      body: { account: { ficheKey: key, group_id: groupId } },
    });
    expect(login.status).toBe(200);
    expect(login.body.account).toMatchObject({ id: 0, cancel_apt: 42, export_apt: 0 });
    const token = login.body.fiche_token;
    const session = await call(t, 'GET', '/api/v3/sessions/current.json', { token });
    expect(session.body).toMatchObject({
      logged: true,
      type: 'user',
      account: { id: 0, cancel_apt: 42 },
      fiche_token: token,
    });
    const own = await call(t, 'GET', `/api/v3/groups/${groupId}/fiches`, { token });
    expect(own.body.records.map((f: { id: number }) => f.id)).toEqual([fiche.id]);
    const wrongGroup = await call(t, 'POST', '/api/v3/sessions/login.json', {
      body: { account: { ficheKey: key, group_id: callCenterId } },
    });
    expect(wrongGroup.status).toBe(401);
    const forged = await call(t, 'POST', '/api/v3/sessions/login.json', {
      body: { account: { ficheKey: 'A'.repeat(43), group_id: groupId } },
    });
    expect(forged.body.errors[0].translate_key).toBe('invalidLink');
  });

  it('rejects oversized and malformed bodies with a 400, never a 500', async () => {
    const huge = await create(customer, person('X', { notes: 'y'.repeat(30_000) }));
    expect(huge.status).toBe(400);
    const notObject = await call(t, 'POST', `/api/v3/groups/${groupId}/fiches`, {
      token: customer,
      body: { fiche: ['a'] },
    });
    expect(notObject.status).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/v3/groups/${groupId}/fiches?apikey=test-key&token=${customer}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"fiche": {',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().messages.errors).toHaveLength(1);
  });
});
