/** `npm start`: open the database (PGlite under DATA_DIR unless DATABASE_URL), migrate, load the demo, serve. */
import { readConfig } from './config.ts';
import { isDatabaseEmpty, loadDemoAccounts, loadDemoGroups } from './demo/load-demo.ts';
import { startMailWorker } from './mail/mail-worker.ts';
import { startHousekeeping } from './maintenance/housekeeping.ts';
import { createServer } from './server.ts';

const config = readConfig();
const { app, ctx, database } = await createServer({
  config,
  logger: { level: config.logLevel },
});

if (config.loadDemo && (await isDatabaseEmpty(database.db))) {
  const loaded = await loadDemoGroups(database.db, config.demoDir);
  const accounts = await loadDemoAccounts(database.db, config.demoDir);
  app.log.info(`loaded demo groups: ${loaded.join(', ')} and ${accounts} demo accounts`);
}

// Delivers the outbox: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail.
const mailWorker = startMailWorker(ctx, { logger: app.log });
const housekeeping = startHousekeeping(ctx, { log: (message) => app.log.info(message) });

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  housekeeping.stop();
  await mailWorker.stop();
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Créneau on ${config.publicUrl} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
);
