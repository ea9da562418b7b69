/** The sharding tests' databases: each shard a database of its own, cloned from the migrated template. */
import pg from 'pg';
import { cloneTemplateDatabase } from './test-db.ts';

/** A database of its own, cloned from the migrated template, named after its shard role. */
export function createShardDatabase(role: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return cloneTemplateDatabase(`h_shard_${role}`);
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
