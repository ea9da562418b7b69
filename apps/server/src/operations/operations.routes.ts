/**
 * The endpoints a load balancer, an orchestrator and Prometheus call (docs/operations.md):
 * /health/live, /health/ready and /metrics. None needs the API key; /metrics has its own guard.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { errorBody } from '../http/errors.ts';
import type { Metrics } from './metrics.ts';
import type { OperationsState } from './operations-state.ts';
import { checkReadiness } from './readiness.ts';

export interface OperationsRouteOptions {
  db: Kysely<Database>;
  operations: OperationsState;
  metrics: Metrics;
  /** Opens /metrics to any address that sends it as a bearer token. */
  metricsToken: string | undefined;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(given: string, expected: string): boolean {
  // Hashed first so the comparison takes the same time whatever the lengths.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * With a token configured, only its bearer may read the metrics. Without one, only a direct
 * connection from this machine: the socket's own address (never X-Forwarded-For), and no
 * forwarding header — a reverse proxy on the same machine connects from loopback too, but says
 * whom it forwards for.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), token);
  }
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

export function registerOperationsRoutes(app: FastifyInstance, options: OperationsRouteOptions): void {
  // Probes come every few seconds: log them only when something is wrong.
  const quiet = { logLevel: 'warn' as const, schema: { hide: true } };

  app.get('/health/live', quiet, async () => ({ status: 'ok' }));

  app.get('/health/ready', quiet, async (request, reply) => {
    if (options.operations.draining) return reply.status(503).send({ status: 'draining' });
    const readiness = await checkReadiness(options.db);
    if (readiness.database === 'unreachable') {
      // The reason goes to the log, not to whoever probes.
      request.log.warn(`readiness: database unreachable: ${readiness.error}`);
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
    if (!readiness.ready) return reply.status(503).send({ status: 'unavailable', ...readiness });
    return { status: 'ready', database: readiness.database, migrations: readiness.migrations };
  });

  app.get('/metrics', quiet, async (request, reply) => {
    if (!mayReadMetrics(request, options.metricsToken)) return reply.status(403).send(errorBody('forbidden'));
    const registry = options.metrics.registry;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
