/**
 * Prometheus metrics of one server process (docs/operations.md lists them): request durations per
 * route, booking outcomes and conflicts, calls refused under overload, the mail outbox's backlog and
 * lag, background jobs, the database pool, and Node's own process metrics. Each application has its own registry, so tests
 * can build several in one process.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { KeptAnswersStats } from '../caching/kept-answers.ts';
import type { PoolStats } from '../db/connection.ts';
import type { Database } from '../db/database.ts';
import type { OverloadCause } from '../http/overload.ts';
import type { JobName, JobRecord, OperationsState } from './operations-state.ts';

export interface MetricsSources {
  db: Kysely<Database>;
  operations: OperationsState;
  poolStats?: (() => PoolStats) | undefined;
  now: () => Date;
  /** The answer caches of this process, by name (http/kept-answers.ts). */
  keptAnswers?: Record<string, { stats: KeptAnswersStats }>;
}

/** The routes that take or move appointments, and the operation each stands for. */
const BOOKING_ROUTES: Record<string, 'create' | 'change'> = {
  'POST /api/v3/appointments': 'create',
  'PUT /api/v3/appointments/:id': 'change',
  // The legacy generation's form of the first (docs/api.md).
  'POST /api/groups/:id/appointments.json': 'create',
};

/** The error key of a failed answer: the v3 body's `message`, or the legacy list's first `error`. */
function errorKey(body: unknown): string | undefined {
  const first = Array.isArray(body) ? (body[0] as { error?: unknown } | undefined)?.error : undefined;
  const key = first ?? (body as { message?: unknown } | null)?.message;
  return typeof key === 'string' ? key : undefined;
}

/** Routes the router did not match (unknown paths) share one label, so labels stay few. */
const UNMATCHED = '(unmatched)';

/** The outbox and job-queue figures are read once per scrape, however many gauges show them. */
const FIGURES_CACHE_MS = 1000;

/** `read`, called at most once per FIGURES_CACHE_MS; a failed read is not kept, so the next scrape asks again. */
function cachedFigures<T>(read: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; figures: Promise<T> } | undefined;
  return () => {
    const at = Date.now();
    if (!cached || at - cached.at > FIGURES_CACHE_MS) {
      const entry = { at, figures: read() };
      cached = entry;
      entry.figures.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.figures;
  };
}

interface OutboxFigures {
  pending: number;
  due: number;
  /** Seconds the oldest due mail has been waiting; 0 when none is due. */
  lagSeconds: number;
}

async function readOutbox(db: Kysely<Database>, now: Date): Promise<OutboxFigures> {
  // Only pending rows, which the partial index mail_outbox_pending covers; sent and failed rows
  // may be many until they are purged. A new mail is due at once; a retried one at next_attempt_at.
  const { rows } = await sql<{ pending: number; due: number; oldest: Date | null }>`
    select count(*)::int as pending,
      count(*) filter (where attempts = 0 or next_attempt_at <= ${now})::int as due,
      min(case when attempts = 0 then created_at else next_attempt_at end)
        filter (where attempts = 0 or next_attempt_at <= ${now}) as oldest
    from mail_outbox where status = ${sql.lit('pending')}`.execute(db);
  const row = rows[0];
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    pending: Number(row?.pending ?? 0),
    due: Number(row?.due ?? 0),
    lagSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
  };
}

/** The job queue's backlog (docs/jobs.md): a claimed job's run_at is its lease, so it counts as due only once that ran out. */
async function readJobs(db: Kysely<Database>, now: Date) {
  const { rows } = await sql<{ due: number; oldest: Date | null; dead: number }>`
    select count(*) filter (where status = ${sql.lit('pending')} and run_at <= ${now})::int as due,
      min(run_at) filter (where status = ${sql.lit('pending')} and run_at <= ${now}) as oldest,
      count(*) filter (where status = ${sql.lit('dead')})::int as dead
    from jobs where status in (${sql.lit('pending')}, ${sql.lit('dead')})`.execute(db);
  const row = rows[0];
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    due: Number(row?.due ?? 0),
    lagSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    dead: Number(row?.dead ?? 0),
  };
}

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'creneau_bookings_total',
    help: 'Booking requests by operation (create, change) and outcome (booked, replayed, conflict, rejected, error)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const conflicts = new Counter({
    name: 'creneau_booking_conflicts_total',
    help: 'Bookings refused with 409, by error key (e.g. availabletimeslots: the slot was taken meanwhile)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  const refused = new Counter({
    name: 'creneau_overload_refusals_total',
    help: 'API calls answered 503 serverBusy because the process was overloaded, by cause (event_loop, database_pool)',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  // Both series exist from the start at 0, so a rate or an alert sees the first refusal.
  const causes: OverloadCause[] = ['event_loop', 'database_pool'];
  for (const cause of causes) refused.inc({ cause }, 0);

  const outboxFigures = cachedFigures(() => readOutbox(sources.db, sources.now()));
  const jobFigures = cachedFigures(() => readJobs(sources.db, sources.now()));
  new Gauge({
    name: 'creneau_mail_outbox_pending',
    help: 'Mails not yet delivered (due now or waiting for a retry)',
    registers: [registry],
    async collect() {
      this.set((await outboxFigures()).pending);
    },
  });
  new Gauge({
    name: 'creneau_mail_outbox_due',
    help: 'Mails due for delivery now',
    registers: [registry],
    async collect() {
      this.set((await outboxFigures()).due);
    },
  });
  new Gauge({
    name: 'creneau_mail_outbox_lag_seconds',
    help: 'How long the oldest due mail has been waiting for delivery (0: none waiting)',
    registers: [registry],
    async collect() {
      this.set((await outboxFigures()).lagSeconds);
    },
  });

  new Gauge({
    name: 'creneau_jobs_due',
    help: 'Jobs of the job queue (reminders, text messages, webhooks) due now',
    registers: [registry],
    async collect() {
      this.set((await jobFigures()).due);
    },
  });
  new Gauge({
    name: 'creneau_jobs_lag_seconds',
    help: 'How long the oldest due job has been waiting (0: none waiting)',
    registers: [registry],
    async collect() {
      this.set((await jobFigures()).lagSeconds);
    },
  });
  new Gauge({
    name: 'creneau_jobs_dead',
    help: 'Jobs given up after their last attempt, kept a month for the back office',
    registers: [registry],
    async collect() {
      this.set((await jobFigures()).dead);
    },
  });

  const jobs: JobName[] = ['mail', 'housekeeping', 'jobs'];
  new Gauge({
    name: 'creneau_job_seconds_since_success',
    help: 'Seconds since the background job last finished a round without error (since process start if never)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const job of jobs) {
        const since = sources.operations.jobs.get(job)?.lastSuccessAt ?? sources.operations.startedAt;
        this.set({ job }, (now - since) / 1000);
      }
    },
  });
  /** A count kept per background job since the process started (operations-state.ts). */
  const jobCount = (name: string, help: string, count: (record: JobRecord) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        for (const job of jobs) {
          const record = sources.operations.jobs.get(job);
          this.set({ job }, record ? count(record) : 0);
        }
      },
    });
  jobCount(
    'creneau_job_failures',
    'Rounds of the background job that ended in an error since the process started',
    (record) => record.failures,
  );
  jobCount(
    'creneau_job_rounds_held',
    'Rounds of the background job held back because the server was busy, since the process started',
    (record) => record.held,
  );

  const caches = Object.entries(sources.keptAnswers ?? {});
  const cacheGauge = (name: string, help: string, figure: (stats: KeptAnswersStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        for (const [cache, answers] of caches) this.set({ cache }, figure(answers.stats));
      },
    });
  cacheGauge('creneau_answer_cache_entries', 'Answers kept, by cache (slots, agenda)', (s) => s.entries);
  cacheGauge(
    'creneau_answer_cache_bytes',
    'Bytes of the answers kept, compressed forms included',
    (s) => s.bytes,
  );
  cacheGauge(
    'creneau_answer_cache_hits',
    'Lookups answered from the cache since the process started',
    (s) => s.hits,
  );
  cacheGauge(
    'creneau_answer_cache_misses',
    'Lookups that read the answer again since the process started',
    (s) => s.misses,
  );

  const poolStats = sources.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'creneau_db_pool_connections',
      help: 'Database pool connections by state: open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'creneau_db_pool_max',
      help: 'The most connections the pool opens',
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  /** Error keys of failed booking responses, read from the body as it is sent. */
  const bookingErrors = new WeakMap<FastifyRequest, string>();
  const bookingOperation = (request: FastifyRequest) =>
    BOOKING_ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];

  /** Times every request and counts booking outcomes; install before the routes. */
  function install(app: FastifyInstance): void {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 400 && typeof payload === 'string' && bookingOperation(request)) {
        try {
          const key = errorKey(JSON.parse(payload));
          if (key) bookingErrors.set(request, key);
        } catch {
          // not JSON: no key to report
        }
      }
      return payload;
    });
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const status = reply.statusCode;
      httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      const operation = bookingOperation(request);
      if (!operation) return;
      let outcome: string;
      if (status < 300) outcome = reply.getHeader('idempotent-replayed') === 'true' ? 'replayed' : 'booked';
      else if (status === 409) outcome = 'conflict';
      else if (status < 500) outcome = 'rejected';
      else outcome = 'error';
      bookings.inc({ operation, outcome });
      if (outcome === 'conflict') conflicts.inc({ reason: bookingErrors.get(request) ?? 'unknown' });
    });
  }

  /** Counts one call refused under overload (http/overload.ts). */
  const countRefusal = (cause: OverloadCause) => refused.inc({ cause });

  return { registry, install, countRefusal };
}

export type Metrics = ReturnType<typeof createMetrics>;
