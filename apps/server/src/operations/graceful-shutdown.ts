/**
 * Graceful shutdown on SIGTERM or SIGINT, so a rolling restart loses no request:
 * 1. readiness turns 503 (draining) while the server keeps serving for SHUTDOWN_DELAY_MS, time for
 *    a load balancer's health check to take it out of rotation;
 * 2. the background jobs finish their round and stop;
 * 3. the server stops accepting connections, lets every request in flight finish, then closes the
 *    database pool (Fastify's close, then its onClose hooks);
 * 4. the process exits 0 — or 1 if all this took longer than SHUTDOWN_TIMEOUT_MS.
 * A second signal during the shutdown exits at once (a second Ctrl-C).
 */
import type { FastifyInstance } from 'fastify';
import type { OperationsState } from './operations-state.ts';

export interface ShutdownOptions {
  app: FastifyInstance;
  operations: OperationsState;
  delayMs: number;
  timeoutMs: number;
  /** Stops the background jobs, waiting for the rounds under way. */
  stopBackgroundWork: () => Promise<unknown>;
  exit?: (code: number) => void;
}

/** How often idle keep-alive connections are closed while the server waits for the busy ones. */
const IDLE_SWEEP_MS = 100;

/**
 * While draining, every response closes its connection: a keep-alive client then opens its next
 * connection elsewhere (or finds this process gone) instead of holding one that is about to close.
 * Installed with the routes, before any request.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, operations: OperationsState): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (operations.draining) reply.header('connection', 'close');
    return payload;
  });
}

export function shutdownOnSignals(options: ShutdownOptions): void {
  const { app, operations } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let shuttingDown = false;

  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return;
    }
    shuttingDown = true;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    app.log.info(`${signal}: draining (readiness 503), stopping in ${options.delayMs} ms`);
    operations.startDraining();
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${options.delayMs + options.timeoutMs} ms: exiting`);
      exit(1);
    }, options.delayMs + options.timeoutMs);
    deadline.unref();
    try {
      if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      await options.stopBackgroundWork();
      // Connections that turn idle after close() began would otherwise wait for their keep-alive
      // timeout; in-flight requests keep theirs until they are answered.
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      app.log.info({ shutdownMs: elapsed() }, `stopped in ${elapsed()} ms`);
      clearTimeout(deadline);
      exit(0);
    } catch (error) {
      app.log.error(`shutdown failed: ${(error as Error).message}`);
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
