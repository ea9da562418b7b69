/**
 * `npm start`: open the database (PGlite under DATA_DIR unless DATABASE_URL), migrate, load the demo,
 * serve. With WORKERS above 1 this process only prepares the database, then runs that many server
 * processes sharing the port (Node's cluster) and replaces any that dies; every one of them also
 * delivers mail, runs the job queue and keeps house — all written for several replicas at once.
 */
import cluster from 'node:cluster';
import { readConfig, type ServerConfig } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { loadDemoWeek } from './demo/demo-week.ts';
import { isDatabaseEmpty, loadDemoAccounts, loadDemoGroups } from './demo/load-demo.ts';
import { startJobRunner } from './jobs/job-runner.ts';
import { jobWork } from './jobs/job-work.ts';
import { startMailWorker } from './mail/mail-worker.ts';
import { startHousekeeping } from './maintenance/housekeeping.ts';
import { shutdownOnSignals } from './operations/graceful-shutdown.ts';
import { createServer, openConfiguredDatabase } from './server.ts';
import { shardContexts } from './sharding/group-shard-context.ts';

const config = readConfig();

/** Milliseconds since this process began (Node's performance clock starts with the process). */
const startupMs = () => Math.round(performance.now());
/** CPU milliseconds this process has used: start-up cost that a busy machine does not inflate. */
const startupCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1000);
};

/** Loads the demo groups into an empty database (first start), saying so. */
async function loadDemoIfEmpty(database: DatabaseHandle, log: (message: string) => void) {
  if (!config.loadDemo || !(await isDatabaseEmpty(database.db))) return;
  const loaded = await loadDemoGroups(database.db, config.demoDir);
  const accounts = await loadDemoAccounts(database.db, config.demoDir);
  log(`loaded demo groups: ${loaded.join(', ')} and ${accounts} demo accounts`);
  if (config.demoWeek)
    log(`loaded a fortnight of demo appointments: ${await loadDemoWeek(database.db, new Date())}`);
}

async function serve(serverConfig: ServerConfig, options: { loadDemo: boolean }) {
  const { app, ctx, database, operations } = await createServer({
    config: serverConfig,
    logger: { level: serverConfig.logLevel },
  });
  if (options.loadDemo) await loadDemoIfEmpty(database, (message) => app.log.info(message));

  // Delivers the outbox: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. The outbox
  // and the jobs are a group's rows: on a sharded deployment each shard has its own, and its own
  // worker (docs/operations.md "Sharding").
  const mailWorkers = shardContexts(ctx).map((shardCtx) =>
    startMailWorker(shardCtx, {
      logger: app.log,
      onRound: (ok, held) => operations.recordJobRound('mail', ok, held),
    }),
  );
  const housekeeping = startHousekeeping(ctx, {
    log: (message) => app.log.info(message),
    onRound: (ok) => operations.recordJobRound('housekeeping', ok),
  });
  // Reminders, SMS, webhook deliveries (docs/jobs.md).
  const jobRunners = shardContexts(ctx).map((shardCtx) =>
    startJobRunner(shardCtx, {
      ...jobWork(serverConfig),
      leaseMs: serverConfig.jobLeaseMs,
      log: app.log,
      onRound: (ok, held) => operations.recordJobRound('jobs', ok, held),
    }),
  );
  shutdownOnSignals({
    app,
    operations,
    delayMs: serverConfig.shutdownDelayMs,
    timeoutMs: serverConfig.shutdownTimeoutMs,
    stopBackgroundWork: () =>
      Promise.all([
        ...mailWorkers.map((w) => w.stop()),
        housekeeping.stop(),
        ...jobRunners.map((r) => r.stop()),
      ]),
  });

  await app.listen({ port: serverConfig.port, host: serverConfig.host });
  const started = { startupMs: startupMs(), startupCpuMs: startupCpuMs() };
  if (cluster.isPrimary) {
    app.log.info(
      started,
      `Créneau on ${serverConfig.publicUrl} (${database.kind === 'pglite' ? `PGlite in ${serverConfig.dataDir}` : 'PostgreSQL'}), started in ${started.startupMs} ms (${started.startupCpuMs} ms of CPU)`,
    );
  } else {
    app.log.info(started, `server process ready in ${started.startupMs} ms`);
  }
}

async function superviseWorkers(count: number) {
  // Migrations and the demo run once, here, before any worker serves.
  const database = await openConfiguredDatabase(config);
  await loadDemoIfEmpty(database, (message) => console.info(message));
  await database.close();

  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.warn(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  console.info(`Créneau on ${config.publicUrl} (PostgreSQL, ${count} server processes)`);

  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (config.workers > 1 && cluster.isPrimary) await superviseWorkers(config.workers);
else await serve(config, { loadDemo: cluster.isPrimary });
