/** Server configuration, read once from the environment (see the README's configuration table). */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LEASE_MS } from './jobs/job-policy.ts';
import { DEFAULT_BUSY_HOLD_MS } from './jobs/rounds.ts';
import { CLAIM_LEASE_MS } from './mail/retry-policy.ts';

/**
 * The repository's root: the nearest folder above this module whose package.json lists the
 * workspaces. Searched rather than counted, because the same code runs from apps/server/src (tsx,
 * tests) and bundled from apps/server/dist (the production build).
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no workspace root above ${from}`);
  }
}

const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * More PostgreSQL clusters beside DATABASE_URL (the directory, itself the shard `main`), by name:
   * SHARDS=eu2=postgres://…,eu3=postgres://… (docs/operations.md "Sharding"). Empty: one database.
   */
  shards: Record<string, string>;
  apiKeys: string[];
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  videoBaseUrl: string;
  mapTileUrl: string;
  webDistDir: string;
  demoDir: string;
  loadDemo: boolean;
  /** With the demo: a fortnight of appointments in the salon's agenda (DEMO_WEEK=true; `npm start` sets it). */
  demoWeek: boolean;
  logLevel: string;
  /**
   * Server processes sharing the port (Node's cluster), to use more than one core; more than one
   * needs DATABASE_URL, as the embedded database belongs to a single process.
   */
  workers: number;
  /**
   * Multiplies every mail and booking rate limit (docs/api.md "Rate limits"): above 1 for a
   * deployment whose callers legitimately book more, e.g. many customers behind one address.
   */
  rateLimitScale: number;
  /**
   * Memory per server process for kept slot answers, in bytes (SLOT_CACHE_MB, default 32; 0 keeps
   * none): docs/availability.md "Answer cache".
   */
  slotCacheBytes: number;
  /** Signs short-lived cookies (the single sign-on flow); every replica must share it. */
  cookieSecret: string;
  /**
   * Bearer token that opens /metrics to any address; without it /metrics answers only direct
   * loopback requests (docs/operations.md, "Metrics").
   */
  metricsToken: string | undefined;
  /**
   * Checks every JSON answer against the API contract and fails loudly on a breach (CHECK_ANSWERS=true;
   * the tests and the browser-test server turn it on). Off in production: it costs a parse per answer.
   */
  checkAnswers: boolean;
  /**
   * After SIGTERM, how long the server keeps serving while /health/ready says 503, so a load
   * balancer takes it out of rotation before it stops accepting connections.
   */
  shutdownDelayMs: number;
  /**
   * Whether anyone may create a business from the sign-up page (OPEN_SIGNUP, default true so the
   * demo shows it); a deployment whose operators create every group sets it to false.
   */
  openSignup: boolean;
  /**
   * The e-mail addresses (lower case) of the accounts that administer the platform: they list,
   * create, close and reopen groups (docs/decisions/014-platform-administrators.md).
   */
  platformAdmins: readonly string[];
  /** After SIGTERM, the longest the server waits for in-flight work before exiting anyway (code 1). */
  shutdownTimeoutMs: number;
  /** Where text messages go (docs/reminders.md "Text messages"). */
  sms: SmsConfig;
  /** How long a claimed mail is left to the process sending it before another may (MAIL_CLAIM_LEASE_MS). */
  mailClaimLeaseMs: number;
  /** The same for a claimed job (JOB_LEASE_MS; docs/jobs.md). */
  jobLeaseMs: number;
  /**
   * How long a busy server holds its mail and jobs back (BUSY_HOLD_MS, default a minute; 0 never
   * holds them): docs/jobs.md "Requests first".
   */
  busyHoldMs: number;
  /**
   * Lets webhook endpoints be `http://` or `https://` on localhost, 127.0.0.1 or [::1] and be sent
   * to private addresses (WEBHOOKS_ALLOW_LOOPBACK=true): for tests, whose receivers run on the
   * machine. Never in production (docs/webhooks.md "What the server refuses to reach").
   */
  webhooksAllowLoopback: boolean;
  /** When the process refuses API calls with 503 serverBusy instead of queueing them (docs/operations.md "Under overload"). */
  overload: OverloadConfig;
}

/** The load-shedding thresholds; 0 turns a check off. */
export interface OverloadConfig {
  /** Mean event-loop delay, in ms over one second, above which API calls are refused (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS). */
  maxEventLoopDelayMs: number;
  /** Queries waiting for a database connection above which API calls are refused (OVERLOAD_MAX_DB_WAITING; PostgreSQL only). */
  maxDbWaiting: number;
  /** The Retry-After of a refused call, in seconds (OVERLOAD_RETRY_AFTER_SECONDS). */
  retryAfterSeconds: number;
}

/**
 * `file` (the default: the demo and the tests) writes each message as a JSON file under
 * DATA_DIR/sms; `twilio` sends it through Twilio's Messages API.
 */
export type SmsConfig =
  | { provider: 'file' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string };

function smsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = env.SMS_PROVIDER || 'file';
  if (provider === 'file') return { provider };
  if (provider !== 'twilio') throw new Error(`SMS_PROVIDER must be file or twilio, got ${provider}`);
  const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
  return {
    provider,
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    from: env.SMS_FROM!,
    apiUrl: (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/$/, ''),
  };
}

/** A whole number of milliseconds from the environment, or the default. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 3_600_000)
    throw new Error(`${name} must be a whole number of milliseconds from 0 to 3600000, got ${raw}`);
  return value;
}

/** A whole number from the environment within [min, max], or the default. */
function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
  return value;
}

/**
 * The defaults are argued in docs/operations.md "Under overload": half a second of mean event-loop
 * delay already makes a slot list take seconds, and 100 queries waiting is five per connection of
 * the default pool of 20.
 */
function overloadConfig(env: NodeJS.ProcessEnv): OverloadConfig {
  return {
    maxEventLoopDelayMs: wholeNumber(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 500, 0, 60_000),
    maxDbWaiting: wholeNumber(env, 'OVERLOAD_MAX_DB_WAITING', 100, 0, 1_000_000),
    retryAfterSeconds: wholeNumber(env, 'OVERLOAD_RETRY_AFTER_SECONDS', 5, 1, 60),
  };
}

/** true or false from the environment, or the default; anything else is a mistake worth stopping for. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`${name} must be true or false, got ${raw}`);
}

const MIN_SECRET_LENGTH = 32;

/**
 * COOKIE_SECRET, else a random secret created once in DATA_DIR/cookie-secret, so a restart does not
 * break a sign-on that is under way. Replicas without a shared DATA_DIR must set COOKIE_SECRET.
 */
function cookieSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.COOKIE_SECRET) {
    if (env.COOKIE_SECRET.length < MIN_SECRET_LENGTH)
      throw new Error(`COOKIE_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return env.COOKIE_SECRET;
  }
  const file = path.join(dataDir, 'cookie-secret');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    // Written aside then hard-linked: two processes starting together agree on one complete secret.
    const draft = `${file}.${process.pid}.tmp`;
    writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`${file} must hold at least ${MIN_SECRET_LENGTH} characters`);
  return secret;
}

function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < 16)
    throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  // npm runs scripts from the package folder; a relative DATA_DIR means the operator's folder.
  const workers = Number(env.WORKERS ?? 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new Error(`WORKERS must be a whole number from 1 to 64, got ${env.WORKERS}`);
  if (workers > 1 && !env.DATABASE_URL)
    throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
  const slotCacheMb = Number(env.SLOT_CACHE_MB ?? 32);
  if (!Number.isInteger(slotCacheMb) || slotCacheMb < 0 || slotCacheMb > 65_536)
    throw new Error(
      `SLOT_CACHE_MB must be a whole number of megabytes from 0 to 65536, got ${env.SLOT_CACHE_MB}`,
    );
  const rateLimitScale = Number(env.RATE_LIMIT_SCALE ?? 1);
  if (!Number.isInteger(rateLimitScale) || rateLimitScale < 1 || rateLimitScale > 1_000_000)
    throw new Error(`RATE_LIMIT_SCALE must be a whole number from 1 to 1000000, got ${env.RATE_LIMIT_SCALE}`);
  const shards = parseShards(env.SHARDS);
  if (Object.keys(shards).length > 0 && !env.DATABASE_URL)
    throw new Error('SHARDS needs DATABASE_URL: the directory and shard main is a PostgreSQL database');
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    shards,
    apiKeys: (env.API_KEYS ?? 'creneau-dev')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Créneau <no-reply@creneau.localhost>',
    videoBaseUrl: (env.VIDEO_BASE_URL ?? 'https://meet.jit.si').replace(/\/$/, ''),
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    checkAnswers: env.CHECK_ANSWERS === 'true',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    demoDir: path.resolve(env.DEMO_DIR ?? path.join(repoRoot, 'demo')),
    loadDemo: env.LOAD_DEMO !== 'false',
    demoWeek: env.DEMO_WEEK === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    workers,
    rateLimitScale,
    slotCacheBytes: slotCacheMb * 1024 * 1024,
    cookieSecret: cookieSecret(env, dataDir),
    metricsToken: metricsToken(env),
    openSignup: flag(env, 'OPEN_SIGNUP', true),
    platformAdmins: (env.PLATFORM_ADMINS ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
    shutdownDelayMs: milliseconds(env, 'SHUTDOWN_DELAY_MS', 0),
    shutdownTimeoutMs: milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 30_000),
    sms: smsConfig(env),
    mailClaimLeaseMs: milliseconds(env, 'MAIL_CLAIM_LEASE_MS', CLAIM_LEASE_MS),
    jobLeaseMs: milliseconds(env, 'JOB_LEASE_MS', DEFAULT_LEASE_MS),
    busyHoldMs: milliseconds(env, 'BUSY_HOLD_MS', DEFAULT_BUSY_HOLD_MS),
    webhooksAllowLoopback: flag(env, 'WEBHOOKS_ALLOW_LOOPBACK', false),
    overload: overloadConfig(env),
  };
}

/** SHARDS=name=url,name=url: names of letters, digits, `-` and `_`; `main` is DATABASE_URL's. */
export function parseShards(value: string | undefined): Record<string, string> {
  const shards: Record<string, string> = {};
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const at = entry.indexOf('=');
    const name = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (at < 1 || !/^[a-z0-9_-]{1,40}$/i.test(name) || !/^postgres(ql)?:\/\//.test(url))
      throw new Error(`SHARDS entries are name=postgres://…, got ${entry.replace(/:[^:@/]*@/, ':…@')}`);
    if (name === 'main' || name in shards) throw new Error(`SHARDS names the shard ${name} twice`);
    shards[name] = url;
  }
  return shards;
}
