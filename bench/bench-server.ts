/**
 * What the HTTP benchmarks share: a PostgreSQL database of their own, created for the run and
 * dropped after it, and the server started as its own process on it, as `npm start` runs it: the
 * production build under plain `node --enable-source-maps`. Running the TypeScript sources through a
 * loader instead would measure the loader's wrappers and not what is deployed.
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_API_KEY = 'bench-key';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Runs one statement, on the admin database unless `url` says otherwise. */
  admin(statement: string, url?: string): Promise<void>;
  /** Drops any leftover of the same name, then creates it empty. */
  create(): Promise<void>;
  drop(): Promise<void>;
}

export function benchDatabase(prefix: string): BenchDatabase {
  const name = `${prefix}_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string, target = adminUrl) => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  return {
    name,
    url: url.toString(),
    admin,
    drop,
    async create() {
      await drop();
      await admin(`create database ${name}`);
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface BenchServerOptions {
  databaseUrl: string;
  port: number;
  /** The group whose public configuration answering 200 means the server is ready. */
  urlname: string;
  /** Extra environment (DATA_DIR for the mail files, …). */
  env?: Record<string, string>;
  /** Node options before the entry point (--cpu-prof, …). */
  nodeArgs?: string[];
  /** os.setPriority value for the server process. */
  priority?: number | undefined;
  /** Server processes (WORKERS); default BENCH_WORKERS, else one per core. */
  workers?: number;
}

/** Server processes the benchmarks run: BENCH_WORKERS, else one per core (as deployed). */
export const benchWorkers = () => Number(process.env.BENCH_WORKERS ?? os.availableParallelism());

/** A process's state, parent and CPU seconds so far (user + system), from /proc (Linux). */
export function processStat(pid: number | string): { ppid: number; cpuSeconds: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** CPU seconds of the server: its process and, with several workers, the workers it runs. */
export function serverCpuSeconds(serverPid: number): number {
  let total = processStat(serverPid)?.cpuSeconds ?? 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const stat = processStat(pid);
    if (stat?.ppid === serverPid) total += stat.cpuSeconds;
  }
  return total;
}

/**
 * This run's own production build of the server, made once per benchmark process. It has a folder
 * of its own, removed on exit, so that a build in apps/server/dist (`npm start`, the Lighthouse
 * benchmark) cannot replace the files under a server that is still loading its lazy chunks.
 */
let builtEntry: string | undefined;
function serverBuild(): string {
  if (builtEntry) return builtEntry;
  const outdir = path.join(root, 'apps/server', `.bench-build-${process.pid}`);
  execFileSync(process.execPath, ['apps/server/build.mjs', outdir], { cwd: root, stdio: 'ignore' });
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  builtEntry = path.join(outdir, 'main.js');
  if (!existsSync(builtEntry)) throw new Error(`the server build wrote no ${builtEntry}`);
  return builtEntry;
}

/** Starts the server as its own process and resolves once it answers. */
export async function startBenchServer(options: BenchServerOptions): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--enable-source-maps', serverBuild()],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        API_KEYS: BENCH_API_KEY,
        LOAD_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        WORKERS: String(options.workers ?? benchWorkers()),
        // The load comes from one address; the rate limits would measure themselves, not the server.
        RATE_LIMIT_SCALE: '1000000',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (options.priority !== undefined && child.pid) os.setPriority(child.pid, options.priority);
  const ready = `http://127.0.0.1:${options.port}/api/v3/services/groups/${options.urlname}.json?apikey=${BENCH_API_KEY}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(ready)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start within 60 s');
}

/** Stops the server and waits for it: the database can be dropped only once its pool is closed. */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
