/**
 * Invitations to the staff (docs/back-office.md "Invitations"), through HTTP on both databases:
 * an owner invites by e-mail; the link makes an account on the spot or joins the account the
 * person has, once; a new invitation replaces the pending one; a withdrawn, used or old link
 * works no more; a customer account is refused without a row written; only owners invite; two
 * acceptances of one link racing → exactly one joins.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import {
  call,
  createAccount,
  createStaffMember,
  latestMailTo,
  loginAs,
  STRONG_PASSWORD,
} from './support/accounts.ts';
import { idsByExternid } from './support/booking.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

forEachDatabase('back office: staff invitations', (database, engine) => {
  let t: TestApp;
  let groupId: number;
  let otherGroupId: number;
  let id: Record<string, number>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'invites' }))).id;
    otherGroupId = (
      await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'invites-other', website: null }))
    ).id;
    id = await idsByExternid(t, groupId);
    for (const [name, role] of [
      ['owner', 'owner'],
      ['manager', 'manager'],
      ['staff', 'staff'],
      ['desk', 'callcentre'],
    ] as const)
      tokens[name] = (
        await createStaffMember(t, groupId, { email: `${name}@invites.example`, role, name: `The ${name}` })
      ).token;
    tokens.otherOwner = (
      await createStaffMember(t, otherGroupId, { email: 'owner@other.example', role: 'owner' })
    ).token;
    await createAccount(t.ctx.db, { email: 'customer@invites.example' });
    tokens.customer = await loginAs(t, 'customer@invites.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const admin = (
    who: string,
    method: 'GET' | 'POST' | 'DELETE',
    path = '',
    body?: unknown,
    group = groupId,
  ) =>
    call(t, method, `/api/v3/admin/groups/${group}/invitations${path}`, {
      ...(tokens[who] ? { token: tokens[who] } : {}),
      ...(body ? { body } : {}),
    });
  const lookup = (key: unknown, token?: string) =>
    call(t, 'POST', '/api/v3/invitations/lookup', { body: { key }, ...(token ? { token } : {}) });
  const accept = (body: Record<string, unknown>, token?: string) =>
    call(t, 'POST', '/api/v3/invitations/accept', { body, ...(token ? { token } : {}) });

  /** The owner invites `email`; answers the invitation and the key its mail carries. */
  async function invite(email: string, role = 'staff', calendarIds: number[] | null = null) {
    const response = await admin('owner', 'POST', '', { email, role, calendar_ids: calendarIds });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const mail = await latestMailTo(t.ctx.db, email.toLowerCase());
    expect(mail?.link?.pathname).toBe('/invites/invitation');
    return { invitation: response.body, key: mail!.link!.searchParams.get('key')!, mail: mail! };
  }

  const membershipOf = (token: string) =>
    call(t, 'GET', `/api/v3/admin/groups/${groupId}/membership`, { token });

  it('makes an account from the link, with the role and calendars the owner chose, once', async () => {
    const { invitation, key, mail } = await invite('New.Person@Invites.example', 'staff', [id.alice!]);
    expect(invitation).toMatchObject({
      email: 'new.person@invites.example',
      role: 'staff',
      calendar_ids: [id.alice],
      invited_by: 'The owner',
      expires_at: '2026-11-30T08:00:00.000Z',
    });
    expect(mail.subject).toContain('Salon');
    expect(mail.text_body).toContain('The owner');
    expect((await admin('owner', 'GET')).body.records.map((r: { id: number }) => r.id)).toContain(
      invitation.id,
    );

    const seen = await lookup(key);
    expect(seen.body).toMatchObject({
      email: 'new.person@invites.example',
      role: 'staff',
      account: 'none',
      signed_in: false,
    });
    expect(seen.body.group).toMatchObject({ id: groupId, urlname: 'invites' });

    // Name and password are needed, and the password follows the rules.
    const bare = await accept({ key });
    expect([bare.status, bare.body.message]).toEqual([422, 'fieldsRequired']);
    const weak = await accept({ key, name: 'Nina', password: 'short' });
    expect([weak.status, weak.body.message]).toEqual([422, 'passwordRules']);
    const joined = await accept({ key, name: 'Nina Perrin', password: STRONG_PASSWORD });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ group_id: groupId, urlname: 'invites', role: 'staff' });
    expect(String(joined.headers['set-cookie'])).toContain(joined.body.token);
    expect((await membershipOf(joined.body.token)).body).toMatchObject({
      role: 'staff',
      calendar_ids: [id.alice],
    });
    // The account is active: the password logs in.
    expect(await loginAs(t, 'new.person@invites.example', STRONG_PASSWORD, groupId)).toBeTruthy();

    // Used: the link works no more, and the invitation has left the list.
    expect([
      (await lookup(key)).status,
      (await accept({ key, name: 'X', password: STRONG_PASSWORD })).status,
    ]).toEqual([404, 404]);
    expect((await admin('owner', 'GET')).body.records.map((r: { id: number }) => r.id)).not.toContain(
      invitation.id,
    );
  });

  it('replaces a pending invitation to the same address, and a withdrawn link works no more', async () => {
    const first = await invite('twice@invites.example', 'manager');
    const second = await invite('TWICE@invites.example', 'staff', [id.bob!]);
    expect((await lookup(first.key)).status).toBe(404);
    expect((await lookup(second.key)).body.role).toBe('staff');
    const pending = (await admin('owner', 'GET')).body.records.filter(
      (r: { email: string }) => r.email === 'twice@invites.example',
    );
    expect(pending.map((r: { id: number }) => r.id)).toEqual([second.invitation.id]);

    expect((await admin('owner', 'DELETE', `/${second.invitation.id}`)).body).toEqual({
      id: second.invitation.id,
      revoked: true,
    });
    expect((await lookup(second.key)).status).toBe(404);
    expect((await accept({ key: second.key, name: 'Twice', password: STRONG_PASSWORD })).status).toBe(404);
    expect([(await admin('owner', 'DELETE', `/${second.invitation.id}`)).status]).toEqual([404]);
    expect(
      await t.ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'twice@invites.example')
        .execute(),
    ).toEqual([]);
  });

  it('joins a work account the person already has, once they are logged in with it', async () => {
    const elsewhere = await createStaffMember(t, otherGroupId, {
      email: 'pro@elsewhere.example',
      role: 'staff',
    });
    const { key } = await invite('pro@elsewhere.example', 'manager');
    expect((await lookup(key)).body).toMatchObject({ account: 'pro', signed_in: false });
    const anonymous = await accept({ key });
    expect([anonymous.status, anonymous.body.message]).toEqual([403, 'invitationLoginRequired']);
    // Someone else's session does not do.
    expect((await accept({ key }, tokens.manager)).status).toBe(403);
    // A password sent by a stranger does not make or change anything either.
    expect((await accept({ key, name: 'Intruder', password: STRONG_PASSWORD })).status).toBe(403);

    expect((await lookup(key, elsewhere.token)).body).toMatchObject({ account: 'pro', signed_in: true });
    const joined = await accept({ key }, elsewhere.token);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ role: 'manager', token: null });
    expect((await membershipOf(elsewhere.token)).body).toMatchObject({ role: 'manager', calendar_ids: null });
    // Still a member of the first group.
    expect(
      (await call(t, 'GET', `/api/v3/admin/groups/${otherGroupId}/membership`, { token: elsewhere.token }))
        .body.role,
    ).toBe('staff');
  });

  it('refuses a customer account, writing nothing', async () => {
    const { key, invitation } = await invite('customer@invites.example', 'staff');
    expect((await lookup(key)).body.account).toBe('customer');
    for (const token of [undefined, tokens.customer]) {
      const refused = await accept({ key, name: 'Cust', password: STRONG_PASSWORD }, token);
      expect([refused.status, refused.body.message]).toEqual([409, 'customerAccount']);
    }
    const rows = await t.ctx.db
      .selectFrom('pro_groups as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select('a.role')
      .where('a.email', '=', 'customer@invites.example')
      .execute();
    expect(rows).toEqual([]);
    expect((await admin('owner', 'GET')).body.records.map((r: { id: number }) => r.id)).toContain(
      invitation.id,
    );
  });

  it('refuses a member, a bad address and a calendar of another group', async () => {
    const member = await admin('owner', 'POST', '', {
      email: 'Staff@invites.example',
      role: 'manager',
      calendar_ids: null,
    });
    expect([member.status, member.body.message]).toEqual([409, 'alreadyMember']);
    const malformed = await admin('owner', 'POST', '', {
      email: 'not an address',
      role: 'staff',
      calendar_ids: null,
    });
    expect(malformed.status).toBe(422);
    const foreign = (await idsByExternid(t, otherGroupId)).alice!;
    const calendar = await admin('owner', 'POST', '', {
      email: 'c@invites.example',
      role: 'staff',
      calendar_ids: [foreign],
    });
    expect([calendar.status, calendar.body.message]).toEqual([422, 'calendarNotFound']);
    const role = await admin('owner', 'POST', '', {
      email: 'r@invites.example',
      role: 'emperor',
      calendar_ids: null,
    });
    expect(role.status).toBe(400);
    expect(await latestMailTo(t.ctx.db, 'c@invites.example')).toBeUndefined();
  });

  it('lets only owners invite, list and withdraw, and only in their own group', async () => {
    const { invitation, key } = await invite('guarded@invites.example');
    for (const who of ['manager', 'staff', 'desk', 'customer', 'otherOwner']) {
      expect((await admin(who, 'GET')).status, who).toBe(403);
      expect(
        (await admin(who, 'POST', '', { email: 'x@invites.example', role: 'owner', calendar_ids: null }))
          .status,
        who,
      ).toBe(403);
      expect((await admin(who, 'DELETE', `/${invitation.id}`)).status, who).toBe(403);
    }
    expect((await admin('nobody', 'GET')).status).toBe(401);
    // The owner of another group reaches nothing of this one through their own group either.
    expect((await admin('otherOwner', 'DELETE', `/${invitation.id}`, undefined, otherGroupId)).status).toBe(
      404,
    );
    expect((await lookup(key)).status).toBe(200);
  });

  it('answers the same to a wrong, malformed or expired key', async () => {
    for (const key of ['x', 'a'.repeat(43), '../../etc', '']) {
      const response = await lookup(key);
      expect([404, 400]).toContain(response.status);
    }
    expect((await lookup('a'.repeat(500))).status).toBe(400);
    expect((await lookup({ nested: true })).status).toBe(400);
    const { key } = await invite('late@invites.example');
    t.clock.advance(7 * 24 * 3_600_000 + 1000);
    try {
      expect([(await lookup(key)).status, (await lookup(key)).body.message]).toEqual([
        404,
        'invitationNotFound',
      ]);
      expect((await accept({ key, name: 'Late', password: STRONG_PASSWORD })).status).toBe(404);
    } finally {
      t.clock.set('2026-11-23T08:00:00Z');
    }
  });

  // On the embedded database requests run one after another: no race to see there.
  if (engine === 'postgres')
    it('two acceptances of one link racing: exactly one joins', async () => {
      const { key } = await invite('race@invites.example', 'staff');
      const answers = await Promise.all(
        [1, 2, 3].map(() => accept({ key, name: 'Racer', password: STRONG_PASSWORD })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
      const accounts = await t.ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'race@invites.example')
        .execute();
      expect(accounts).toHaveLength(1);
    });
});
