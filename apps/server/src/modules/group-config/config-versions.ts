/**
 * The versions of a group's configuration (docs/group-configuration.md "Versions"): each kept as
 * the whole document an export gives, numbered per group. A write that changes nothing adds no
 * version. Versions are written in the transaction of the import that made them, after the
 * group's row was updated: that row lock orders concurrent imports, so numbers never collide.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { ConfigVersionSource, Database } from '../../db/database.ts';
import { isShardView } from '../../sharding/routing-dialect.ts';
import { accountNamesById, displayName } from '../accounts/account-names.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface VersionMeta {
  source: ConfigVersionSource;
  authorAccountId: number | null;
  restoredFrom: number | null;
  now: Date;
}

export function latestVersion(db: Db, groupId: number) {
  return db
    .selectFrom('group_config_versions')
    .select(['version', 'document'])
    .where('group_id', '=', groupId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A document to keep as one of the group's versions, and who made it, how and when. */
export interface NewVersion extends VersionMeta {
  groupId: number;
  document: unknown;
}

/** Keeps `document` as the group's next version unless it equals the latest; answers the number. */
export async function recordVersion(db: Db, { groupId, document, ...meta }: NewVersion) {
  const latest = await latestVersion(db, groupId);
  if (latest && isDeepStrictEqual(latest.document, document)) return latest.version;
  const version = (latest?.version ?? 0) + 1;
  await db
    .insertInto('group_config_versions')
    .values({
      group_id: groupId,
      version,
      document: JSON.stringify(document),
      source: meta.source,
      author_account_id: meta.authorAccountId,
      restored_from: meta.restoredFrom,
      created_at: meta.now,
    })
    .execute();
  return version;
}

/**
 * The group's versions, newest first, with their authors' names. One database: the author joined
 * in. A group's shard: the versions first, then the authors by id from the directory
 * (docs/operations.md "Sharding").
 */
export async function listVersions(db: Db, groupId: number) {
  const versions = db
    .selectFrom('group_config_versions as v')
    .select(['v.version', 'v.source', 'v.restored_from', 'v.created_at'])
    .where('v.group_id', '=', groupId)
    .orderBy('v.version', 'desc');
  if (!isShardView(db)) {
    return versions
      .leftJoin('accounts as a', 'a.id', 'v.author_account_id')
      .select(sql<string | null>`coalesce(a.name, a.email)`.as('author'))
      .execute();
  }
  const rows = await versions.select('v.author_account_id').execute();
  const authors = await accountNamesById(
    db,
    rows.map((row) => row.author_account_id),
  );
  return rows.map(({ author_account_id, ...row }) => ({
    ...row,
    author: author_account_id === null ? null : displayName(authors.get(author_account_id)),
  }));
}

export function readVersion(db: Db, groupId: number, version: number) {
  return db
    .selectFrom('group_config_versions')
    .select(['version', 'document'])
    .where('group_id', '=', groupId)
    .where('version', '=', version)
    .executeTakeFirst();
}
