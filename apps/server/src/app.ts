/** Builds the HTTP application: plugins, security, documentation, routes and the web app. */
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { ChangeClock } from './caching/change-clock.ts';
import { KeptGroupRows } from './caching/group-rows.ts';
import { AgendaEvents } from './db/agenda-events.ts';
import type { PoolStats } from './db/connection.ts';
import { requireApiKey } from './http/api-key.ts';
import { installResponseCompression } from './http/compression.ts';
import { checkAnswersAgainstContract } from './http/contract-route.ts';
import { frameworkErrors, installErrorHandling } from './http/errors.ts';
import { installInputGuard } from './http/input-guard.ts';
import { installOverloadShedding } from './http/overload.ts';
import { heardOwnWrites } from './http/own-writes.ts';
import { parseQueryString } from './http/query.ts';
import { installRequestContext } from './http/request-scope.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { registerAppointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { registerSessionRoutes } from './modules/auth/auth.routes.ts';
import { registerAvailabilityRoutes } from './modules/availability/availability.routes.ts';
import { SlotAnswerCache } from './modules/availability/slot-answer-cache.ts';
import { AgendaCache } from './modules/backoffice/agenda-cache.ts';
import { registerBackOfficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { registerCalendarFeedRoutes } from './modules/backoffice/calendar-feeds.routes.ts';
import { registerWebhookRoutes } from './modules/backoffice/webhooks.routes.ts';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { registerFicheRoutes } from './modules/fiches/fiches.routes.ts';
import { registerGroupRoutes } from './modules/groups/groups.routes.ts';
import { registerImageRoutes } from './modules/images/images.routes.ts';
import { registerLegacyRoutes } from './modules/legacy/legacy.routes.ts';
import { registerPlatformRoutes } from './modules/platform/platform.routes.ts';
import { registerProRoutes } from './modules/pros/pros.routes.ts';
import { registerReminderRoutes } from './modules/reminders/reminders.routes.ts';
import { registerSsoRoutes } from './modules/sso/sso.routes.ts';
import { registerWaitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { registerWebsiteRoutes } from './modules/websites/websites.routes.ts';
import { closeConnectionsWhileDraining } from './operations/graceful-shutdown.ts';
import { createMetrics } from './operations/metrics.ts';
import { registerOperationsRoutes } from './operations/operations.routes.ts';
import { OperationsState } from './operations/operations-state.ts';
import { echoRequestId, requestIdFor } from './operations/request-id.ts';
import { serveWeb } from './web/serve-web.ts';

// Secrets travel in query strings (the spec's token, e-mail link keys): never log them.
const SECRET_PARAMS = /([?&](?:token|apikey|ficheKey|validation_key|oubliKey|key|code)=)[^&]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

export interface BuildOptions {
  /** pino options (level, destination stream…); request URLs are always logged redacted. */
  logger?: { level?: string; stream?: NodeJS.WritableStream } | false;
  /** Draining flag and job records shared with main.ts; a fresh one by default. */
  operations?: OperationsState;
  /** The database pool's state for /metrics (PostgreSQL). */
  poolStats?: (() => PoolStats) | undefined;
}

/**
 * TRUST_PROXY: `true` trusts the one proxy in front (the client address it appends to
 * X-Forwarded-For), a number that many proxies. Never every hop: the leftmost entries are whatever
 * the client sent, and the client address keys the rate limits (docs/api.md "Rate limits").
 */
function proxyHops(value: string | undefined): false | ((address: string, hop: number) => boolean) {
  const hops = value === 'true' ? 1 : value && /^[1-9]$/.test(value) ? Number(value) : 0;
  return hops > 0 ? (_address, hop) => hop < hops : false;
}

function loggerOptions(options: BuildOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false;
  return {
    level: options.level ?? 'info',
    ...(options.stream ? { stream: options.stream } : {}),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
  };
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    routerOptions: { querystringParser: parseQueryString },
    bodyLimit: 256 * 1024,
    trustProxy: proxyHops(process.env.TRUST_PROXY),
    genReqId: requestIdFor,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written as they are: the contract's answer schemas document them and, in tests,
  // check them (checkAnswersAgainstContract); they never strip or rewrite a production answer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandling(app);
  const operations = options.operations ?? new OperationsState();
  // One LISTEN per process for appointment and absence changes: the live agenda and the kept answers.
  const agendaEvents = new AgendaEvents(ctx.listen);
  app.addHook('onClose', async () => agendaEvents.close());
  const changes = new ChangeClock(agendaEvents);
  const slotAnswers = new SlotAnswerCache(changes, ctx.config.slotCacheBytes);
  const groupRows = new KeptGroupRows(ctx.listen, changes);
  app.addHook('onClose', async () => groupRows.close());
  const agendaAnswers = new AgendaCache(changes);
  const metrics = createMetrics({
    db: ctx.db,
    operations,
    poolStats: options.poolStats,
    now: ctx.now,
    keptAnswers: { slots: slotAnswers.answers, agenda: agendaAnswers.answers },
  });
  // Before every route, so each one is timed and answers its request id.
  echoRequestId(app);
  installRequestContext(app, ctx);
  metrics.install(app);
  // Before the routes' own work: a refused call costs a few microseconds, not a database query.
  await installOverloadShedding(app, {
    config: ctx.config.overload,
    poolStats: options.poolStats,
    onRefused: metrics.countRefusal,
  });
  closeConnectionsWhileDraining(app, operations);
  // Before compression, which turns the answer into bytes.
  if (ctx.config.checkAnswers) checkAnswersAgainstContract(app);
  // After the metrics' onSend hook, which reads booking error keys from the uncompressed body.
  installResponseCompression(app);
  installInputGuard(app);
  heardOwnWrites(app, changes);

  installSecurityHeaders(app);
  await app.register(fastifyCookie, { secret: ctx.config.cookieSecret });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Créneau API',
        version: '3',
        description:
          'Two generations: v3 (paths under `/api/v3/`) and the legacy v1/v2 generation (tag "legacy (v1/v2)"). ' +
          'Every call needs the `apikey` query parameter (except the legacy `.ics` link). Errors: v3 ' +
          '`{"message", "messages": {"errors": [...]}}`; legacy `[{"errorCode", "error"}]`.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  requireApiKey(app, ctx.config.apiKeys);
  registerOperationsRoutes(app, {
    db: ctx.db,
    operations,
    metrics,
    metricsToken: ctx.config.metricsToken,
  });

  registerGroupRoutes(app, ctx);
  registerCatalogueRoutes(app, ctx);
  registerAvailabilityRoutes(app, { slotAnswers, groupRows });
  registerWebsiteRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerFicheRoutes(app, ctx);
  registerReminderRoutes(app, ctx);
  registerProRoutes(app, ctx);
  registerBackOfficeRoutes(app, { events: agendaEvents, agendas: agendaAnswers });
  registerCalendarFeedRoutes(app);
  registerWebhookRoutes(app);
  registerImageRoutes(app);
  registerPlatformRoutes(app, ctx);
  registerAppointmentRoutes(app, ctx);
  registerSsoRoutes(app, ctx);
  registerWaitlistRoutes(app, ctx);
  await registerLegacyRoutes(app, ctx, { slotAnswers, groupRows });
  await serveWeb(app, ctx);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
