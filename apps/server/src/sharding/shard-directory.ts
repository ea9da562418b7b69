/**
 * Which shard holds a group, read from the directory database and kept in memory: every request
 * about a group asks, so the answer must cost no query. A change to the directory (a new group, a
 * move) NOTIFYs `creneau_shard_directory` with the group's id, and the kept entry is dropped; when
 * the LISTEN connection comes back after a loss, everything kept is dropped.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Listen } from '../db/notifications.ts';

export interface DirectoryEntry {
  groupId: number;
  urlname: string;
  shard: string;
  /** Set while the group is copied to that shard: its writes are refused until the move ends. */
  movingTo: string | null;
}

export class ShardDirectory {
  private readonly kept = new Map<number, DirectoryEntry | null>();
  private stop: (() => Promise<void>) | undefined;

  constructor(
    /** The directory database (its own pool, not a shard's view). */
    private readonly db: Kysely<Database>,
    private readonly shardNames: readonly string[],
  ) {}

  /** Starts hearing the directory's changes; until then nothing is kept. */
  async listen(listen: Listen): Promise<void> {
    this.stop = await listen(
      'creneau_shard_directory',
      (payload) => this.kept.delete(Number(payload)),
      () => this.kept.clear(),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  /** The group's entry; undefined for a group the directory does not know. */
  async entryOf(groupId: number): Promise<DirectoryEntry | undefined> {
    const kept = this.kept.get(groupId);
    if (kept !== undefined) return kept ?? undefined;
    const row = await this.db
      .selectFrom('shard_directory')
      .select(['group_id', 'urlname', 'shard', 'moving_to'])
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    const entry = row
      ? { groupId: row.group_id, urlname: row.urlname, shard: row.shard, movingTo: row.moving_to }
      : null;
    // Kept only while a LISTEN would tell of its change.
    if (this.stop) this.kept.set(groupId, entry);
    return entry ?? undefined;
  }

  async entryByUrlname(urlname: string): Promise<DirectoryEntry | undefined> {
    const row = await this.db
      .selectFrom('shard_directory')
      .select(['group_id', 'urlname', 'shard', 'moving_to'])
      .where('urlname', '=', urlname)
      .executeTakeFirst();
    return row
      ? { groupId: row.group_id, urlname: row.urlname, shard: row.shard, movingTo: row.moving_to }
      : undefined;
  }

  /**
   * Where a new group goes: the shard holding the fewest groups (ties: the lowest shard number, the
   * directory first). A group's size varies, but a count is what the directory knows without asking
   * every shard; docs/operations.md "Sharding" says how to even out a shard that grew heavy.
   */
  async leastLoaded(): Promise<string> {
    const rows = await this.db
      .selectFrom('shards')
      .leftJoin('shard_directory', 'shard_directory.shard', 'shards.name')
      .select(['shards.name', 'shards.number'])
      .select((eb) => eb.fn.count<number>('shard_directory.group_id').as('groups'))
      .where('shards.name', 'in', [...this.shardNames])
      .groupBy(['shards.name', 'shards.number'])
      .orderBy('groups')
      .orderBy('shards.number')
      .execute();
    const chosen = rows[0];
    if (!chosen) throw new Error('no shard to place a group on');
    return chosen.name;
  }
}

/** Records the group's shard on the directory, in the caller's (routed) transaction. */
export async function registerGroup(
  db: Kysely<Database>,
  entry: { groupId: number; urlname: string; shard: string },
): Promise<void> {
  await db
    .insertInto('shard_directory')
    .values({ group_id: entry.groupId, urlname: entry.urlname, shard: entry.shard })
    .onConflict((oc) =>
      oc.column('group_id').doUpdateSet({ urlname: entry.urlname, shard: entry.shard, moving_to: null }),
    )
    .execute();
}
