import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The active groups among those a professional may use, by name. */
export function listActiveGroups(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('groups')
    .select(['id', 'name', 'urlname'])
    .where('id', 'in', [...ids])
    .where('active', '=', true)
    .orderBy('name')
    .execute();
}
