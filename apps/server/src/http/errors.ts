/**
 * The HTTP edge of every failure. Modules throw DomainError (errors/domain-error.ts) in the domain's
 * words; the error handler here turns it — and anything else — into a status and the v3 error
 * body `{"message": key, "messages": {"errors": [key]}}` plus its details (docs/api.md "Errors").
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type FailureKind } from '../errors/domain-error.ts';
import { clearSessionCookie } from '../modules/sessions/session-cookie.ts';
import { ContractBreach } from './contract-route.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.ts';

/** The status each kind of domain failure is answered with. */
const STATUS: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  tooManyRequests: 429,
  tooLarge: 413,
  unsupportedType: 415,
  busy: 503,
};

export function statusOf(error: DomainError): number {
  return STATUS[error.kind];
}

export function errorBody(message: string, details: Record<string, unknown> = {}) {
  return { ...details, message, messages: { errors: [message] } };
}

interface ZodIssueLike {
  code?: string;
  path?: PropertyKey[];
  message?: string;
  errors?: ZodIssueLike[][];
}

/**
 * For "one of" parameters (an id or an object, a value or a list) zod only says "Invalid input":
 * name instead the problem of the alternative that had the right type but a wrong value.
 */
function unionDetail(issue: ZodIssueLike): { path: PropertyKey[]; message: string } | undefined {
  const alternatives = issue.errors ?? [];
  const meaningful = alternatives.flat().find((i) => i.code !== 'invalid_type' && i.code !== 'invalid_union');
  if (meaningful?.message) return { path: meaningful.path ?? [], message: meaningful.message };
  const nested = alternatives.flat().find((i) => i.code === 'invalid_union');
  const inner = nested ? unionDetail(nested) : undefined;
  return inner && nested
    ? { path: [...(nested.path ?? []), ...inner.path], message: inner.message }
    : undefined;
}

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = error.validationContext ?? 'request';
    let path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
    let message = first?.message ?? 'invalid value';
    const detail = first?.keyword === 'invalid_union' ? unionDetail(first.params as ZodIssueLike) : undefined;
    if (detail) {
      path = [path, ...detail.path.map(String)].filter(Boolean).join('.');
      message = detail.message;
    }
    return `Invalid ${where}${path ? ` parameter "${path}"` : ''}: ${message}`;
  }
  return error.message;
}

/**
 * The router's own refusals, before any route runs: a path parameter over the length limit (414)
 * or a path that is not valid percent-encoding (400). Fastify answers them in its own shape unless
 * given this; the messages do not echo the path (it may hold anything).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply
    .status(tooLong ? 414 : (error.statusCode ?? 400))
    .send(
      errorBody(tooLong ? 'Invalid params: a path parameter is too long' : 'Invalid path: not a valid URL'),
    );
}

/** A domain failure as an HTTP answer: status, body, and the headers or cookies it implies. */
function answerDomainError(error: DomainError, reply: FastifyReply) {
  const status = statusOf(error);
  let details: Record<string, unknown> = error.details;
  if (error.listed) {
    const code = error.listed.code ?? status;
    details = { errorCode: code, errors: [{ errorCode: code, error: error.key }], ...details };
  }
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    details = { ...details, retryAfter: error.retryAfterSeconds };
  }
  if (error.endsCookieSession) clearSessionCookie(reply);
  return reply.status(status).send(errorBody(error.key, details));
}

/** Installs the handlers that give every error the spec's shape and never leak a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return answerDomainError(error, reply);
    if (error.validation) {
      return reply.status(400).send(errorBody(describeValidation(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type…): keep its message.
      return reply.status(status).send(errorBody(error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody('serviceUnavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    // Only where answers are checked (tests): the breach itself, so the failing test shows it.
    if (error instanceof ContractBreach) return reply.status(500).send(errorBody(error.message));
    return reply.status(500).send(errorBody('An error occurred, please try again later...'));
  });
}
