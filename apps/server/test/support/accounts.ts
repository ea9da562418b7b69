/** Helpers for tests that need people: accounts with passwords, logins, and the mails they receive. */
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '../../src/db/database.ts';
import { hashPassword } from '../../src/modules/accounts/password-hashing.ts';
import { TEST_API_KEY, type TestApp } from './test-app.ts';

export const STRONG_PASSWORD = 'Sunny-Day-2026!';

export async function createAccount(
  db: Kysely<Database>,
  values: {
    email: string;
    password?: string;
    role?: 'user' | 'pro';
    status?: 'pending' | 'active';
    proGroups?: number[];
  },
): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({
      email: values.email,
      password_hash: await hashPassword(values.password ?? STRONG_PASSWORD),
      role: values.role ?? 'user',
      status: values.status ?? 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const groupId of values.proGroups ?? []) {
    await db.insertInto('pro_groups').values({ account_id: row.id, group_id: groupId }).execute();
  }
  return row.id;
}

/**
 * A member of a group's staff (docs/back-office.md "Roles"): a professional account with a role
 * in the group, for staff the calendars they work on, logged in to that group.
 */
export async function createStaffMember(
  t: TestApp,
  groupId: number,
  member: { email: string; role: StaffRole; calendars?: number[]; allCalendars?: boolean; name?: string },
): Promise<{ accountId: number; token: string }> {
  const accountId = await createAccount(t.ctx.db, { email: member.email, role: 'pro', proGroups: [groupId] });
  await t.ctx.db
    .updateTable('pro_groups')
    .set({ role: member.role, all_calendars: member.allCalendars ?? false })
    .where('account_id', '=', accountId)
    .execute();
  if (member.name)
    await t.ctx.db.updateTable('accounts').set({ name: member.name }).where('id', '=', accountId).execute();
  for (const calendar_id of member.calendars ?? [])
    await t.ctx.db
      .insertInto('staff_calendars')
      .values({ account_id: accountId, group_id: groupId, calendar_id })
      .execute();
  return { accountId, token: await loginAs(t, member.email, undefined, groupId) };
}

export interface JsonResponse {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

/** A JSON call with the api key (and the token when given). */
export async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string | null; ip?: string; cookie?: string } = {},
): Promise<JsonResponse> {
  const params = new URLSearchParams({ apikey: TEST_API_KEY });
  if (options.token) params.set('token', options.token);
  const response = await t.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}${params}`,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  return {
    status: response.statusCode,
    body: isJson ? response.json() : response.body,
    headers: response.headers,
  };
}

export async function loginAs(
  t: TestApp,
  email: string,
  password = STRONG_PASSWORD,
  groupId?: number,
): Promise<string> {
  const response = await call(t, 'POST', '/api/v3/sessions/login.json', {
    body: { credentials: { email, password }, account: groupId ? { group_id: groupId } : {} },
  });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return response.body.account_token;
}

/**
 * The newest mail to an address in the outbox, with the first link of its text part's body: the
 * header block (the group's name and site) is skipped, so the link is the mail's own action.
 */
export async function latestMailTo(db: Kysely<Database>, to: string) {
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!mail) return undefined;
  const body = mail.text_body.slice(mail.text_body.indexOf('\n\n') + 2);
  const link = /https?:\/\/[^\s"<>]+/.exec(body)?.[0];
  return { ...mail, link: link ? new URL(link.replace(/&amp;/g, '&')) : undefined };
}
