/**
 * Runs once before the server tests: builds a migrated PGlite data directory (each test file starts
 * a fresh copy of it instead of migrating again) and, when PostgreSQL is reachable, a migrated
 * template database that each test database is cloned from. The sharding tests' second PostgreSQL
 * cluster is started by the first test file that needs it and stopped here at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { adminUrl, databaseUrl } from './postgres-urls.ts';
import { stopSecondCluster } from './second-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

async function buildPgliteTemplate(dir: string): Promise<string> {
  const handle = await openDatabase({});
  await migrateToLatest(handle.db);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  const file = path.join(dir, 'pglite-template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return file;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function buildPostgresTemplate(name: string): Promise<string | null> {
  try {
    await withAdmin(async (admin) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    });
  } catch (error) {
    if (process.env.CI === 'true') {
      throw new Error(
        `CI=true but PostgreSQL is not reachable at ${adminUrl()}: ${(error as Error).message}`,
      );
    }
    console.warn(
      `PostgreSQL not reachable (${(error as Error).message}): the real-PostgreSQL tests will not run`,
    );
    return null;
  }
  const handle = await openDatabase({ databaseUrl: databaseUrl(name), poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
  return name;
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'creneau-test-'));
  const templateName = `creneau_tpl_${process.pid}`;
  const [pgliteTemplate, postgresTemplate] = await Promise.all([
    buildPgliteTemplate(dir),
    buildPostgresTemplate(templateName),
  ]);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  // Beside the run's temporary folder, not in it: that one is private to us, and the second
  // cluster's server may run as another user (second-cluster.ts).
  const secondClusterDir = path.join(os.tmpdir(), `creneau-pg2-${process.pid}`);
  project.provide('secondClusterDir', secondClusterDir);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await stopSecondCluster(secondClusterDir);
    if (postgresTemplate) {
      await withAdmin(async (admin) => {
        // Test databases are dropped by their files; sweep any a crashed run left behind.
        const { rows } = await admin.query<{ datname: string }>(
          `select datname from pg_database where datname like $1 escape '\\'`,
          [`creneau\\_t\\_${process.pid}\\_%`],
        );
        for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
        await admin.query(`drop database if exists ${postgresTemplate} with (force)`);
      });
    }
  };
}
