/**
 * A second PostgreSQL server for the sharding tests (docs/operations.md "Sharding"): shards on two
 * databases of one server would share its connections, WAL and NOTIFY queue, which hides what only
 * two clusters show. It is started by the first test file that asks for it — most test runs never
 * do, and an initdb costs seconds — and the others of the run wait for it and share it. The global
 * set-up's teardown stops it (stopSecondCluster).
 *
 * It runs on Debian's PostgreSQL binaries (PG_BIN, or the newest /usr/lib/postgresql/<n>/bin) in a
 * temporary data directory, on a free loopback port, trust auth, without fsync: a test cluster
 * whose data dies with the run. initdb refuses to run as root (CI runs as root), so there it runs
 * as the `postgres` user, which owns the data directory.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

const run = promisify(execFile);
const TEMPLATE = 'creneau_tpl';
/** How long a test file waits for another one to start the cluster (initdb on a loaded machine). */
const START_WAIT_MS = 90_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's second cluster lives once a test file has started it. */
    secondClusterDir: string;
  }
}

interface ClusterState {
  url?: string;
  error?: string;
}

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL binaries under ${root}: set PG_BIN to their directory`);
  return path.join(root, newest, 'bin');
}

/** The command prefix that runs PostgreSQL's programs as a user they accept (never root). */
function asDatabaseUser(): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
}

async function runPostgresProgram(program: string, args: string[]): Promise<void> {
  const [command, ...prefix] = [...asDatabaseUser(), path.join(postgresBin(), program)];
  await run(command!, [...prefix, ...args]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startCluster(dir: string): Promise<string> {
  if (process.getuid?.() === 0) await run('chown', ['postgres:', dir]);
  const data = path.join(dir, 'data');
  await runPostgresProgram('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = await freePort();
  // No unix socket (its path could outgrow the limit in a deep temp dir): loopback TCP only.
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    "-c unix_socket_directories=''",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c autovacuum=off',
    '-c max_connections=200',
  ].join(' ');
  await runPostgresProgram('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await runStatement(admin, `create database ${TEMPLATE}`);
  // Migrated once: each shard database of the run is a clone of it (as on the first server).
  const template = await openDatabase({ databaseUrl: withDatabase(admin, TEMPLATE), poolSize: 1 });
  await migrateToLatest(template.db);
  await template.close();
  return admin;
}

async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** The second cluster's admin URL, started here by the first caller of the run. */
async function secondClusterAdminUrl(): Promise<string> {
  const dir = inject('secondClusterDir');
  const stateFile = path.join(dir, 'state.json');
  let starter = true;
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    starter = false;
  }
  if (starter) {
    let state: ClusterState;
    try {
      state = { url: await startCluster(dir) };
    } catch (error) {
      state = { error: (error as Error).message };
    }
    // Written aside, then renamed: a waiting file never reads half of it.
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  }
  const until = Date.now() + START_WAIT_MS;
  while (!existsSync(stateFile)) {
    if (Date.now() > until) throw new Error(`the second PostgreSQL cluster did not start (${dir})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as ClusterState;
  if (!state.url) throw new Error(`the second PostgreSQL cluster did not start: ${state.error}`);
  return state.url;
}

/** A database of its own on the second cluster, cloned from its migrated template. */
export async function createSecondClusterDatabase(
  role: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = await secondClusterAdminUrl();
  const name = `h_shard_${role}_${Math.random().toString(16).slice(2, 10)}`;
  await runStatement(admin, `create database ${name} template ${TEMPLATE}`);
  return {
    url: withDatabase(admin, name),
    drop: () => runStatement(admin, `drop database if exists ${name} with (force)`),
  };
}

/** Stops the run's second cluster, if a test started it, and removes its data (global teardown). */
export async function stopSecondCluster(dir: string): Promise<void> {
  const data = path.join(dir, 'data');
  if (existsSync(path.join(data, 'postmaster.pid')))
    await runPostgresProgram('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  rmSync(dir, { recursive: true, force: true });
}
