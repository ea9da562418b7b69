/**
 * The security headers every answer carries (helmet), built once when the app starts.
 *
 * @fastify/helmet builds helmet's middleware again on every request — parsing the content security
 * policy's directives each time — which cost about 4 % of a kept slot answer's CPU
 * (docs/benchmarks.md "Where a kept slot answer's time goes"). The options never change while the
 * process runs, so the middleware is made once and only applied per request: the same headers.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const SECURITY_HEADERS: Readonly<HelmetOptions> = {
  // The booking page is made to be embedded in any site (docs/requirements/booking-flow.md §1), so no frame blocking.
  frameguard: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      frameAncestors: ['*'],
      imgSrc: ["'self'", 'data:', 'https:'],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // Plain-http hosts (a LAN install, tests) must keep working.
      upgradeInsecureRequests: null,
    },
  },
};

export function installSecurityHeaders(app: FastifyInstance): void {
  const apply = helmet(SECURITY_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
