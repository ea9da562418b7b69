/**
 * Moves a group from its shard to another (docs/operations.md "Sharding", "Moving a group"):
 *
 * 1. the directory marks the group as moving: from then on its writes are refused with serverBusy
 *    and a Retry-After (sharding/group-shard-context.ts), its reads still served from the source;
 * 2. after a grace period, for requests that began before the mark to end, every row of the group —
 *    the `groups` row and every table carrying group_id, global tables excepted — is copied to the
 *    target in one transaction, tables in foreign-key order, ids kept;
 * 3. before that transaction commits, each table's rows are compared with the source's, read afresh:
 *    a write that slipped through fails the move instead of being lost;
 * 4. the directory entry switches to the target (every server hears it and sends the group there);
 * 5. the rows are deleted from the source.
 *
 * A failure before step 4 rolls the copy back and clears the mark: the group stays where it was.
 * Accounts, logins and memberships are global (decision 002): they do not move, and still name
 * the group by the same id.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { GLOBAL_TABLES } from './routing-dialect.ts';

export interface MoveOptions {
  /** How long writes already under way get to finish after the mark (ms). */
  graceMs: number;
  log?: (line: string) => void;
  /** Called once the copy is in the target's transaction, before it is checked (tests interfere here). */
  afterCopy?: () => Promise<void>;
}

export interface MoveResult {
  groupId: number;
  from: string;
  to: string;
  /** Rows moved, by table. */
  rows: Record<string, number>;
}

export class GroupMoveError extends Error {}

/** The tables holding a group's rows, parents before children (foreign keys), `groups` first. */
export async function groupTablesInOrder(db: Kysely<Database>): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'group_id' order by table_name`.execute(db);
  const tables = ['groups', ...columns.map((c) => c.table_name).filter((t) => !GLOBAL_TABLES.has(t))];
  const { rows: links } = await sql<{ child: string; parent: string }>`
    select conrelid::regclass::text as child, confrelid::regclass::text as parent
    from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`.execute(db);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const link of links)
      if (link.child === table && link.parent !== table && tables.includes(link.parent)) visit(link.parent);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

const keyOf = (table: string) => (table === 'groups' ? 'id' : 'group_id');

/** A table's rows of the group as one JSON text. */
async function rowsAsJson(db: Kysely<Database> | Transaction<Database>, table: string, groupId: number) {
  const { rows } = await sql<{ rows: string; n: number }>`
    select coalesce(json_agg(t), '[]')::text as rows, count(*)::int as n
    from ${sql.table(table)} t where ${sql.ref(`t.${keyOf(table)}`)} = ${groupId}`.execute(db);
  return rows[0]!;
}

/**
 * What the comparison reads of a table: its rows in one canonical text. The catalogue version is
 * left out: the target's triggers count the copied rows as changes, and a higher version only
 * makes caches read afresh.
 */
async function fingerprint(db: Kysely<Database> | Transaction<Database>, table: string, groupId: number) {
  const { rows } = await sql<{ n: number; digest: string }>`
    select count(*)::int as n,
      md5(coalesce(string_agg((to_jsonb(t) - 'catalogue_version')::text, ',' order by (to_jsonb(t) - 'catalogue_version')::text), '')) as digest
    from ${sql.table(table)} t where ${sql.ref(`t.${keyOf(table)}`)} = ${groupId}`.execute(db);
  return `${rows[0]!.n}:${rows[0]!.digest}`;
}

export async function moveGroup(
  directory: Kysely<Database>,
  shards: ReadonlyMap<string, Kysely<Database>>,
  urlname: string,
  to: string,
  options: MoveOptions,
): Promise<MoveResult> {
  const log = options.log ?? (() => {});
  const entry = await directory
    .selectFrom('shard_directory')
    .selectAll()
    .where('urlname', '=', urlname)
    .executeTakeFirst();
  if (!entry) throw new GroupMoveError(`no group ${urlname} in the directory`);
  const source = shards.get(entry.shard);
  const target = shards.get(to);
  if (!source || !target) throw new GroupMoveError(`unknown shard ${source ? to : entry.shard}`);
  if (entry.shard === to) throw new GroupMoveError(`${urlname} is already on ${to}`);
  const groupId = entry.group_id;

  const marked = await directory
    .updateTable('shard_directory')
    .set({ moving_to: to })
    .where('group_id', '=', groupId)
    .where('shard', '=', entry.shard)
    .where('moving_to', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw new GroupMoveError(`${urlname} is already moving`);
  log(`${urlname} (group ${groupId}): writes refused while it moves from ${entry.shard} to ${to}`);

  const moved: Record<string, number> = {};
  try {
    await new Promise((resolve) => setTimeout(resolve, options.graceMs));
    const tables = await groupTablesInOrder(source);
    await target.transaction().execute(async (trx) => {
      for (const table of tables) {
        const { rows, n } = await rowsAsJson(source, table, groupId);
        if (n > 0)
          await sql`insert into ${sql.table(table)}
            select * from json_populate_recordset(null::${sql.table(table)}, ${rows}::json)`.execute(trx);
        moved[table] = n;
      }
      await options.afterCopy?.();
      for (const table of tables) {
        const [was, is] = [await fingerprint(source, table, groupId), await fingerprint(trx, table, groupId)];
        if (was !== is)
          throw new GroupMoveError(`${table} differs after the copy (${was} ≠ ${is}): nothing moved`);
      }
    });
  } catch (error) {
    await directory
      .updateTable('shard_directory')
      .set({ moving_to: null })
      .where('group_id', '=', groupId)
      .execute();
    throw error;
  }
  await directory
    .updateTable('shard_directory')
    .set({ shard: to, moving_to: null })
    .where('group_id', '=', groupId)
    .execute();
  log(`${urlname} now on ${to}: ${Object.values(moved).reduce((a, b) => a + b, 0)} rows copied and checked`);

  const tables = await groupTablesInOrder(source);
  await source.transaction().execute(async (trx) => {
    for (const table of [...tables].reverse())
      await sql`delete from ${sql.table(table)} where ${sql.ref(keyOf(table))} = ${groupId}`.execute(trx);
  });
  log(`${urlname}: rows deleted from ${entry.shard}`);
  return { groupId, from: entry.shard, to, rows: moved };
}
