/**
 * Load shedding (docs/operations.md "Under overload"): when this process is already behind — its
 * event loop late, or too many queries waiting for a database connection — an API call is answered
 * at once `503 serverBusy` with Retry-After instead of joining a queue it would leave only by the
 * client's timeout. @fastify/under-pressure measures and keeps the verdict; this module chooses
 * the thresholds, what is never refused, and the answer's form.
 */
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OverloadConfig } from '../config.ts';
import type { PoolStats } from '../db/connection.ts';
import { errorBody } from './errors.ts';

/** What made the process refuse a call, as the metric's label says it. */
export type OverloadCause = 'event_loop' | 'database_pool';

export interface OverloadOptions {
  config: OverloadConfig;
  /** The pg pool's figures (PostgreSQL); without them only the event loop is watched. */
  poolStats?: (() => PoolStats) | undefined;
  /** Called for each refused call (the metrics count them). */
  onRefused: (cause: OverloadCause) => void;
}

/**
 * How often the pool's waiting queue is looked at. Reading pg's counters costs nothing, and a
 * queue at 9:00 grows within a fraction of a second.
 */
const POOL_CHECK_INTERVAL_MS = 250;

/** `/api/v3/groups/:id/images/:file`, the one read of a group's image files. */
const GROUP_IMAGE = /^\/api\/v3\/groups\/\d+\/images\/[^/?]+(\?|$)/;

/**
 * Only API calls are refused. The probes must keep answering (a refused /health/live would get a
 * merely busy process restarted, which only adds to the load), /metrics must show the overload,
 * and the web app's own files are what lets the page show "retrying" instead of a dead page. A
 * group's images (its logo, a service's picture) are not refused either: the page retries its
 * calls, but a browser never retries an `<img>`, and a refused logo stays broken on the page.
 */
export function mayRefuse(url: string): boolean {
  return url.startsWith('/api/') && !GROUP_IMAGE.test(url);
}

/** The pool check: healthy while the queue for a connection stays at or under the threshold. */
export function poolHealthy(stats: PoolStats, maxWaiting: number): boolean {
  return stats.waiting <= maxWaiting;
}

export async function installOverloadShedding(app: FastifyInstance, options: OverloadOptions): Promise<void> {
  const { maxEventLoopDelayMs, maxDbWaiting, retryAfterSeconds } = options.config;
  const poolStats = options.poolStats;
  const watchPool = poolStats !== undefined && maxDbWaiting > 0;
  if (maxEventLoopDelayMs === 0 && !watchPool) return;

  // Returning a value makes under-pressure send it as the answer and stop there; returning
  // nothing lets the request go on as if there were no pressure (its documented contract, which
  // its type declaration leaves out).
  const refuse = (request: FastifyRequest, reply: FastifyReply, type: string) => {
    if (!mayRefuse(request.url)) return undefined;
    // The plugin's own name for the loop check; the pool check is its "health check".
    options.onRefused(type === fastifyUnderPressure.TYPE_EVENT_LOOP_DELAY ? 'event_loop' : 'database_pool');
    reply.status(503).header('retry-after', String(retryAfterSeconds));
    return errorBody('serverBusy', { retryAfter: retryAfterSeconds });
  };

  await app.register(fastifyUnderPressure, {
    // 0 leaves a check off, as under-pressure reads it.
    maxEventLoopDelay: maxEventLoopDelayMs,
    ...(watchPool
      ? {
          healthCheck: async () => poolHealthy(poolStats(), maxDbWaiting),
          healthCheckInterval: POOL_CHECK_INTERVAL_MS,
        }
      : {}),
    pressureHandler: refuse as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
    ) => void,
  });
}
