/**
 * Request ids: every request gets one, logged with each of its log lines (`reqId`) and answered in
 * the X-Request-Id header. An id sent by the caller (a proxy, another service) is kept when it looks
 * like an id, so one request can be followed across services; anything else is replaced, so a
 * caller cannot write arbitrary text into the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId. */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && ACCEPTED_ID.test(sent) ? sent : randomUUID();
}

export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
