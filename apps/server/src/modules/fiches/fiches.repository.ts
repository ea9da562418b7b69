import type { PersonKeys } from '@creneau/core/booking/person-identity';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, FicheRow } from '../../db/database.ts';
import { columnsOf, fixedShape, type Placeholders } from '../../db/fixed-shape.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function listAccountFiches(db: Db, groupId: number, accountId: number): Promise<FicheRow[]> {
  return db
    .selectFrom('fiches')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('account_id', '=', accountId)
    .where('deleted', '=', false)
    .orderBy('id')
    .execute();
}

/**
 * The account's records that count toward the cap: those the customer sees — not deleted, no "$" last
 * name (core records-cap isVisibleRecord, in SQL).
 */
export async function countVisibleAccountFiches(db: Db, groupId: number, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('fiches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .where('account_id', '=', accountId)
    .where('deleted', '=', false)
    .where('lastname', 'not like', '$%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findFiche(db: Db, groupId: number, ficheId: number): Promise<FicheRow | undefined> {
  return db
    .selectFrom('fiches')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', ficheId)
    .executeTakeFirst();
}

/** docs/requirements/accounts-and-appointments.md §5: escapes LIKE wildcards so a search for "50%" means those characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A professional's search among the group's fiches: every word must match the first name, last
 * name, e-mail or phone; deleted fiches and "$" last names (technical records) never show.
 */
export function searchFiches(db: Db, groupId: number, search: string, limit: number): Promise<FicheRow[]> {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  let q = db
    .selectFrom('fiches')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .where('lastname', 'not like', '$%');
  for (const word of words) {
    const pattern = likePattern(word);
    // Only a word without letters is a piece of phone number: the digits of "dupont2" or of an
    // e-mail address would otherwise match every phone that contains them.
    const digits = /[\p{L}@]/u.test(word) ? '' : word.replace(/[^0-9+]/g, '');
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(firstname)`, 'like', pattern),
        eb(sql`lower(lastname)`, 'like', pattern),
        eb(sql`lower(coalesce(email, ''))`, 'like', pattern),
        ...(digits
          ? [
              eb(
                sql`regexp_replace(coalesce(firstphone, ''), '[^0-9+]', '', 'g')`,
                'like',
                likePattern(digits),
              ),
            ]
          : []),
      ]),
    );
  }
  return q.orderBy('lastname').orderBy('firstname').orderBy('id').limit(limit).execute();
}

export async function insertFiche(
  db: Db,
  values: {
    groupId: number;
    accountId: number | null;
    columns: FicheColumns;
    keys: PersonKeys;
    origin: 'group' | 'customer';
    fields: Record<string, unknown>;
    now: Date;
  },
): Promise<FicheRow> {
  const [row] = await insertFicheQuery.execute(db, {
    group_id: values.groupId,
    account_id: values.accountId,
    ...values.columns,
    email_key: values.keys.emailKey,
    phone_key: values.keys.phoneKey,
    origin: values.origin,
    fields: JSON.stringify(values.fields),
    created_at: values.now,
    updated_at: values.now,
  });
  if (!row) throw new Error('the insert of a record answered no row');
  return row;
}

/** A booking's new record: built once per set of columns (db/fixed-shape.ts). */
const insertFicheQuery = fixedShape(
  (db, row: Placeholders<Insertable<Database['fiches']>>) =>
    db.insertInto('fiches').values(row).returningAll(),
  columnsOf,
);

export async function updateFiche(
  db: Db,
  groupId: number,
  ficheId: number,
  changes: {
    columns: Partial<FicheColumns>;
    /** The keys of the e-mail and phone the record has after the change. */
    keys?: PersonKeys;
    fields: Record<string, unknown>;
    deleted?: boolean;
    now: Date;
  },
): Promise<FicheRow> {
  return db
    .updateTable('fiches')
    .set({
      ...changes.columns,
      ...(changes.keys ? { email_key: changes.keys.emailKey, phone_key: changes.keys.phoneKey } : {}),
      ...(changes.deleted !== undefined ? { deleted: changes.deleted } : {}),
      fields: JSON.stringify(changes.fields),
      updated_at: changes.now,
    })
    .where('group_id', '=', groupId)
    .where('id', '=', ficheId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface FicheColumns {
  firstname: string;
  lastname: string;
  email: string | null;
  firstphone: string | null;
  marketing_sms: boolean;
  solocal_services_optin: boolean;
}
