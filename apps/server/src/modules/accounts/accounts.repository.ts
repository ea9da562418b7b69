import { type Kysely, sql, type Transaction } from 'kysely';
import type { AccountRow, AccountUpdate, Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAccount(
  db: Db,
  values: {
    email: string;
    passwordHash: string | null;
    role: 'user' | 'pro';
    status: 'pending' | 'active';
    name?: string | null;
    originGroupId: number | null;
    marketing?: { marketing_optin?: boolean; marketing_sms?: boolean; solocal_services_optin?: boolean };
    pendingRdv?: unknown;
    sso?: { issuer: string; subject: string };
  },
): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({
      email: values.email,
      password_hash: values.passwordHash,
      role: values.role,
      status: values.status,
      name: values.name ?? null,
      origin_group_id: values.originGroupId,
      marketing_optin: values.marketing?.marketing_optin ?? false,
      marketing_sms: values.marketing?.marketing_sms ?? false,
      solocal_services_optin: values.marketing?.solocal_services_optin ?? false,
      pending_rdv: values.pendingRdv == null ? null : JSON.stringify(values.pendingRdv),
      sso_issuer: values.sso?.issuer ?? null,
      sso_subject: values.sso?.subject ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAccount(db: Db, id: number, changes: AccountUpdate): Promise<void> {
  await db.updateTable('accounts').set(changes).where('id', '=', id).execute();
}

/** Counts a failed password; returns the new count (atomic, so parallel guesses all count). */
export async function incrementFailedLogins(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('accounts')
    .set({ failed_logins: sql`failed_logins + 1` })
    .where('id', '=', id)
    .returning('failed_logins')
    .executeTakeFirstOrThrow();
  return row.failed_logins;
}

export function findAccountBySso(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('sso_issuer', '=', issuer)
    .where('sso_subject', '=', subject)
    .executeTakeFirst();
}
