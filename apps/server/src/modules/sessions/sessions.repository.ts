import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fixedShape, type Placeholders } from '../../db/fixed-shape.ts';
import { writeSoon } from '../../db/write-batch.ts';
import type { LinkKind } from './link-scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewSession {
  tokenHash: Buffer;
  type: 'user' | 'pro' | 'fiche' | 'guest';
  accountId: number | null;
  groupId: number | null;
  ficheId: number | null;
  scope: LinkKind | null;
  scopeAppointmentId: number | null;
  ssoLogged: boolean;
  now: Date;
}

/**
 * Stores a new session. In a write batch (db/write-batch.ts) at the end of the transaction: its token
 * is presented only after the commit.
 */
export async function insertSession(db: Db, s: NewSession): Promise<void> {
  await writeSoon(
    db,
    insertSessionQuery.bound(db, {
      token_hash: s.tokenHash,
      type: s.type,
      account_id: s.accountId,
      group_id: s.groupId,
      fiche_id: s.ficheId,
      scope: s.scope,
      scope_appointment_id: s.scopeAppointmentId,
      sso_logged: s.ssoLogged,
      last_signed_at: s.now,
      created_at: s.now,
    }),
  );
}

/** Built once (db/fixed-shape.ts): every guest booking starts a session. */
const insertSessionQuery = fixedShape((db, row: Placeholders<Insertable<Database['sessions']>>) =>
  db.insertInto('sessions').values(row),
);

/** The session behind a token hash, with what the viewer needs from its account and fiche. */
export function findSessionByHash(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('sessions')
    .leftJoin('accounts', 'accounts.id', 'sessions.account_id')
    .leftJoin('fiches', 'fiches.id', 'sessions.fiche_id')
    .select([
      'sessions.id',
      'sessions.type',
      'sessions.account_id',
      'sessions.group_id',
      'sessions.fiche_id',
      'sessions.scope',
      'sessions.scope_appointment_id',
      'sessions.sso_logged',
      'sessions.last_signed_at',
      'sessions.revoked_at',
      'accounts.email as account_email',
      'accounts.need_password_change',
      'accounts.role',
      'fiches.email as fiche_email',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAccountSessions(
  db: Db,
  accountId: number,
  now: Date,
  exceptId?: number,
): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  await q.execute();
}

export async function listProGroupIds(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('pro_groups')
    .select('group_id')
    .where('account_id', '=', accountId)
    .orderBy('group_id')
    .execute();
  return rows.map((r) => r.group_id);
}
