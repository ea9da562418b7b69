/**
 * The sharding tests' databases: each shard a database of its own, cloned from a migrated template —
 * the directory (`main`) on the tests' PostgreSQL server, the other shard on a second cluster.
 */
import pg from 'pg';
import { createSecondClusterDatabase } from './second-cluster.ts';
import { cloneTemplateDatabase } from './test-db.ts';

type ShardDatabase = { url: string; drop: () => Promise<void> };

/** The directory's database on the tests' server, and a shard's on the second cluster. */
export function createTwoClusterShards(roles: {
  directory: string;
  shard: string;
}): Promise<[ShardDatabase, ShardDatabase]> {
  return Promise.all([
    cloneTemplateDatabase(`h_shard_${roles.directory}`),
    createSecondClusterDatabase(roles.shard),
  ]);
}

/** Rows of a table on one database, read straight from it (not through the server). */
export async function countOn(url: string, query: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(query, values)).rows[0].n);
  } finally {
    await client.end();
  }
}
