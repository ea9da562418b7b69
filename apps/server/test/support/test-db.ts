/**
 * Fresh, migrated databases for tests: PGlite (always) and a real PostgreSQL (when reachable;
 * required on CI). `forEachDatabase` registers a suite once per engine, so the same assertions
 * run against both.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { adminUrl, databaseUrl } from './postgres-urls.ts';

export type Engine = 'pglite' | 'postgres';

export async function createPgliteDatabase(): Promise<DatabaseHandle> {
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/** A new PostgreSQL database cloned from the migrated template, named `<prefix>_<random>`. */
export async function cloneTemplateDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL is not available to this test run');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await asAdmin((admin) => admin.query(`create database ${name} template ${template}`));
  return {
    url: databaseUrl(name),
    drop: () => asAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

async function asAdmin(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new database cloned from the migrated template; dropped when the handle closes. */
export async function createPostgresDatabase(poolSize = 10): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL is not available to this test run');
  const database = await cloneTemplateDatabase(`creneau_t_${template.split('_').pop()}`);
  const handle = await openDatabase({ databaseUrl: database.url, poolSize });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

export function engines(): Engine[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

export function createDatabase(engine: Engine): Promise<DatabaseHandle> {
  return engine === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

/**
 * Declares `body` once per available engine, each with its own fresh database. On CI both engines
 * are available or the global setup has already failed the run.
 */
export function forEachDatabase(
  name: string,
  body: (db: () => DatabaseHandle, engine: Engine) => void,
): void {
  for (const engine of engines()) {
    describe(`${name} [${engine}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await createDatabase(engine);
      });
      afterAll(async () => {
        await handle?.close();
      });
      body(() => {
        if (!handle) throw new Error('database not ready');
        return handle;
      }, engine);
    });
  }
}
