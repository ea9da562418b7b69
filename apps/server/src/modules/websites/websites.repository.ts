import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export function findWebsite(db: Kysely<Database>, groupId: number) {
  return db.selectFrom('websites').selectAll().where('group_id', '=', groupId).executeTakeFirst();
}

/** externid → id of the group's live items of one kind. */
export async function resolveRefs(
  db: Kysely<Database>,
  groupId: number,
  table: 'interventionsets' | 'interventions',
) {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'externid'])
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .execute();
  return new Map(rows.map((r) => [r.externid, r.id]));
}
