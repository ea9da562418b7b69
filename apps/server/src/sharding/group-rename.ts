/**
 * Changes a group's url name (docs/operations.md "Sharding", "Changing a url name"). Nothing in the
 * product renames a group (the back office refuses `urlnameChange`, an import matches by url name),
 * so this is the operator's way. The name lives twice: on the group's row, on its shard, and in the
 * directory, which every look-up by name reads (the booking page, `GET /shard`). On the directory's
 * own database a trigger of migration 018 keeps the two together; a group on another shard has its
 * row on another cluster, which no trigger reaches — hence both writes here, in one routed
 * transaction (sharding/routing-dialect.ts: the shard's part commits first, then the directory's).
 */
import { urlnameProblem } from '@creneau/core/group-config/new-business';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

export class GroupRenameError extends Error {}

/**
 * Renames the group `from` to `to` through `db`: the group's shard view on a sharded deployment
 * (global tables reach the directory), or the only database. The directory's unique url names
 * refuse a name that a group on any shard has.
 */
export async function renameGroup(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<{ groupId: number }> {
  const problem = urlnameProblem(to);
  if (problem) throw new GroupRenameError(`"${to}" cannot be a url name (${problem})`);
  const entry = await db
    .selectFrom('shard_directory')
    .select(['group_id', 'moving_to'])
    .where('urlname', '=', from)
    .executeTakeFirst();
  if (!entry) throw new GroupRenameError(`no group with url name "${from}"`);
  // A moving group's rows are being copied: a change now would be lost or fail the move's check.
  if (entry.moving_to)
    throw new GroupRenameError(`${from} is moving to ${entry.moving_to}; rename it afterwards`);
  const taken = await db
    .selectFrom('shard_directory')
    .select('group_id')
    .where('urlname', '=', to)
    .executeTakeFirst();
  if (taken) throw new GroupRenameError(`the url name ${to} is taken`);
  try {
    await renameInOneTransaction(db, entry.group_id, from, to);
  } catch (error) {
    // Another group took the name between the check above and this write.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      throw new GroupRenameError(`the url name ${to} is taken`);
    throw error;
  }
  return { groupId: entry.group_id };
}

const UNIQUE_VIOLATION = '23505';

async function renameInOneTransaction(db: Kysely<Database>, groupId: number, from: string, to: string) {
  await db.transaction().execute(async (trx) => {
    const renamed = await trx
      .updateTable('groups')
      .set({ urlname: to, updated_at: new Date() })
      .where('id', '=', groupId)
      .where('urlname', '=', from)
      .executeTakeFirst();
    if (renamed.numUpdatedRows !== 1n) throw new GroupRenameError(`no group with url name "${from}"`);
    // On the directory's own database the trigger has done this already; elsewhere it is the only
    // write that makes the new name findable. A name taken meanwhile fails here, and both roll back.
    await trx.updateTable('shard_directory').set({ urlname: to }).where('group_id', '=', groupId).execute();
  });
}
