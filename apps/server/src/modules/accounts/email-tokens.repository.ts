import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fixedShapeRows, type Placeholders } from '../../db/fixed-shape.ts';
import { writeSoon } from '../../db/write-batch.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EmailTokenPurpose = 'activate' | 'reset' | 'email_change' | 'fiche';

export interface NewEmailToken {
  tokenHash: Buffer;
  purpose: EmailTokenPurpose;
  accountId: number | null;
  groupId: number | null;
  ficheId: number | null;
  payload: Record<string, unknown>;
  expiresAt: Date;
  now: Date;
}

/**
 * Stores several tokens in one statement (a booking's mail carries three links); in a write batch
 * (db/write-batch.ts) at the end of the transaction — a link is only followed after the commit.
 */
export async function insertEmailTokens(db: Db, tokens: readonly NewEmailToken[]): Promise<void> {
  if (tokens.length === 0) return;
  await writeSoon(
    db,
    insertTokensQuery.bound(
      db,
      tokens.map((t) => ({
        token_hash: t.tokenHash,
        purpose: t.purpose,
        account_id: t.accountId,
        group_id: t.groupId,
        fiche_id: t.ficheId,
        payload: JSON.stringify(t.payload),
        expires_at: t.expiresAt,
        created_at: t.now,
      })),
    ),
  );
}

/** Built once per number of tokens (db/fixed-shape.ts): a booking writes three on every call. */
const insertTokensQuery = fixedShapeRows((db, rows: Placeholders<Insertable<Database['email_tokens']>>[]) =>
  db.insertInto('email_tokens').values(rows),
);

/** A live token of that purpose: not expired and, unless reusable, not used yet. */
export function findLiveEmailToken(db: Db, tokenHash: Buffer, purpose: EmailTokenPurpose, now: Date) {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the token used; false when another request used it first (single use under races). */
export async function markEmailTokenUsed(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every other live token of that purpose for the account (a new reset link voids older ones). */
export async function voidAccountTokens(
  db: Db,
  accountId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
