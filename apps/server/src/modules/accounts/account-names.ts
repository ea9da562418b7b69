/**
 * Accounts' names and e-mails by id, read on their own: on a group's shard the accounts are in the
 * directory, so a join of a group's rows with accounts is split into the group's rows first and
 * this read second (docs/operations.md "Sharding").
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type AccountName = { name: string | null; email: string };

/** The accounts among `ids` (duplicates and nulls ignored), by id; one query, none for no id. */
export async function accountNamesById(
  db: Db,
  ids: readonly (number | null)[],
): Promise<Map<number, AccountName>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** How the back office names a person: their name, else their e-mail. */
export const displayName = (account: AccountName | undefined): string | null =>
  account ? (account.name ?? account.email) : null;
