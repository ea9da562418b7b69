/** The sharding tests' databases: each shard a database of its own, cloned from the migrated template. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { adminUrl, databaseUrl } from './postgres-urls.ts';

/** A database of its own, cloned from the migrated template, named after this branch's work. */
export async function createShardDatabase(role: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL is not available to this test run');
  const name = `h_shard_${role}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
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
