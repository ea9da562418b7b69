/**
 * The HA tests' view of the topology deploy/ha-local.sh runs: its addresses, Patroni's and
 * HAProxy's opinion of who is up, and the processes a test may kill.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What `deploy/ha-local.sh env` prints, plus the API key the tests' processes accept. */
export interface HaEnvironment {
  HA_DIR: string;
  HA_PORT_BASE: string;
  HA_DB_USER: string;
  HAPROXY_HTTP_PORT: string;
  HAPROXY_STATS_PORT: string;
  HAPROXY_PG_PORT: string;
  PG1_REST_PORT: string;
  PG2_REST_PORT: string;
  APP1_PORT: string;
  APP2_PORT: string;
  ETCD1_PORT: string;
  ETCD2_PORT: string;
  ETCD3_PORT: string;
  DATABASE_URL: string;
  API_KEY: string;
}

export function parseEnvironment(output: string): Omit<HaEnvironment, 'API_KEY' | 'HA_PORT_BASE'> {
  const pairs = output
    .split('\n')
    .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => [match[1], match[2]]);
  return Object.fromEntries(pairs) as Omit<HaEnvironment, 'API_KEY' | 'HA_PORT_BASE'>;
}

/** Runs a deploy/ script; resolves with its standard output, rejects with its last words. */
export function runDeployScript(script: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(path.join(deployDir, script), args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      if (process.env.HA_VERBOSE) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${script} ${args.join(' ')} exited ${code}:\n${stderr.slice(-3000)}`));
    });
  });
}

export const haLocal = (args: string[], env: Record<string, string>) =>
  runDeployScript('ha-local.sh', args, env);

/** The environment ha-local.sh needs to find the running topology again. */
export const haLocalEnv = (ha: HaEnvironment) => ({ HA_DIR: ha.HA_DIR, HA_PORT_BASE: ha.HA_PORT_BASE });

export interface PatroniMember {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica' | string;
  state: string;
  timeline?: number;
}

/** The members as Patroni sees them, asked of whichever node's REST API answers. */
export async function patroniMembers(ha: HaEnvironment): Promise<PatroniMember[]> {
  for (const port of [ha.PG1_REST_PORT, ha.PG2_REST_PORT]) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/cluster`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return ((await response.json()) as { members: PatroniMember[] }).members;
    } catch {
      // that node's Patroni is down or busy: ask the other
    }
  }
  return [];
}

const runningLeader = (members: PatroniMember[]) =>
  members.find((m) => m.role === 'leader' && m.state === 'running')?.name;
const streamingSyncStandby = (members: PatroniMember[]) =>
  members.find((m) => m.role === 'sync_standby' && ['streaming', 'running'].includes(m.state))?.name;

/** Waits until Patroni reports a running leader and a synchronous standby; returns both names. */
export async function waitForHealthyDatabase(ha: HaEnvironment, timeoutMs = 90_000) {
  return waitFor(`a primary and a synchronous standby`, timeoutMs, async () => {
    const members = await patroniMembers(ha);
    const leader = runningLeader(members);
    const standby = streamingSyncStandby(members);
    return leader && standby ? { leader, standby } : undefined;
  });
}

export async function currentLeader(ha: HaEnvironment): Promise<string | undefined> {
  return runningLeader(await patroniMembers(ha));
}

/** HAProxy's state of each server of a proxy ("UP", "DOWN", …), from its statistics page. */
export async function haproxyStates(ha: HaEnvironment, proxy: string): Promise<Record<string, string>> {
  const csv = await (await fetch(`http://127.0.0.1:${ha.HAPROXY_STATS_PORT}/;csv`)).text();
  const states: Record<string, string> = {};
  for (const line of csv.split('\n')) {
    const fields = line.split(',');
    if (fields[0] === proxy && fields[1] !== 'FRONTEND' && fields[1] !== 'BACKEND')
      states[fields[1]!] = fields[17]!.split(' ')[0]!;
  }
  return states;
}

/** The pid ha-local.sh recorded for one of its processes (app1, app2, pgbouncer, …). */
export function recordedPid(ha: HaEnvironment, name: string): number {
  return Number(readFileSync(path.join(ha.HA_DIR, 'pids', name), 'utf8').trim());
}

/** The postmaster's pid of a Patroni node (pg1, pg2), from its data directory. */
export function postmasterPid(ha: HaEnvironment, node: string): number {
  const lines = readFileSync(path.join(ha.HA_DIR, node, 'data', 'postmaster.pid'), 'utf8').split('\n');
  return Number(lines[0]);
}

/** Resolves once process `pid` has ended (a zombie counts as ended: its sockets are closed). */
export async function waitForExit(pid: number, timeoutMs = 10_000): Promise<void> {
  await waitFor(
    `process ${pid} to end`,
    timeoutMs,
    async () => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z') ? true : undefined;
      } catch {
        return true;
      }
    },
    5, // ms: the moment it is gone bounds what counts as in flight
  );
}

/**
 * Resolves once nothing accepts connections on `port` any more. For a killed process this is the
 * moment that matters, and it comes later than its end in /proc: the main thread is a zombie at
 * once, but the sockets close only when the last of its threads has exited.
 */
export async function waitForPortClosed(port: number, timeoutMs = 10_000): Promise<void> {
  const refused = () =>
    new Promise<true | undefined>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once('error', () => resolve(true));
    });
  await waitFor(`127.0.0.1:${port} to refuse connections`, timeoutMs, refused, 5);
}

/** Polls `check` every `everyMs` until it returns a value; throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
  everyMs = 200,
) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The REST port of a Patroni node (pg1, pg2). */
export const patroniRestPort = (ha: HaEnvironment, node: string) =>
  Number(node === 'pg1' ? ha.PG1_REST_PORT : ha.PG2_REST_PORT);

/** What one Patroni node says of itself (GET /patroni): role, timeline, last contact with etcd. */
export async function patroniNode(ha: HaEnvironment, node: string) {
  const response = await fetch(`http://127.0.0.1:${patroniRestPort(ha, node)}/patroni`, {
    signal: AbortSignal.timeout(2000),
  });
  return (await response.json()) as { role: string; timeline: number; dcs_last_seen: number };
}

export interface PrimaryWatch {
  /** Stops watching; resolves with every moment the node was not primary, and how many looks. */
  stop(): Promise<{ looks: number; notPrimary: { at: number; patroni: number; haproxy: string }[] }>;
}

/**
 * Asks, every 200 ms, node `node`'s Patroni whether it is the primary (GET /primary, what HAProxy
 * asks, within HAProxy's own 2 s check timeout) and HAProxy whether it sends writes there.
 */
export function watchPrimary(ha: HaEnvironment, node: string): PrimaryWatch {
  const notPrimary: { at: number; patroni: number; haproxy: string }[] = [];
  let looks = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const [patroni, haproxy] = await Promise.all([
        fetch(`http://127.0.0.1:${patroniRestPort(ha, node)}/primary`, { signal: AbortSignal.timeout(2000) })
          .then((response) => response.status)
          .catch(() => 0),
        haproxyStates(ha, 'postgres-primary')
          .then((states) => states[node] ?? 'absent')
          .catch(() => 'no answer'),
      ]);
      looks++;
      if (patroni !== 200 || haproxy !== 'UP') notPrimary.push({ at: performance.now(), patroni, haproxy });
      await sleep(200);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { looks, notPrimary };
    },
  };
}
