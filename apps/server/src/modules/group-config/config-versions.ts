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

export function listVersions(db: Db, groupId: number) {
  return db
    .selectFrom('group_config_versions as v')
    .leftJoin('accounts as a', 'a.id', 'v.author_account_id')
    .select([
      'v.version',
      'v.source',
      'v.restored_from',
      'v.created_at',
      sql<string | null>`coalesce(a.name, a.email)`.as('author'),
    ])
    .where('v.group_id', '=', groupId)
    .orderBy('v.version', 'desc')
    .execute();
}

export function readVersion(db: Db, groupId: number, version: number) {
  return db
    .selectFrom('group_config_versions')
    .select(['version', 'document'])
    .where('group_id', '=', groupId)
    .where('version', '=', version)
    .executeTakeFirst();
}
