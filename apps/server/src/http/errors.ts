/**
 * Every failure the API reports, mapped to the spec's keys in one place. Handlers throw
 * ApiError; the error handler turns it — and anything else — into the spec's v3 error body:
 * `{"message": key, "messages": {"errors": [key]}}` (plus optional details).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly details: Record<string, unknown> = {},
    /** Extra work on the reply, e.g. clearing a stale session cookie. */
    readonly prepareReply?: (reply: FastifyReply) => void,
  ) {
    super(key);
  }
}

export const errors = {
  badRequest: (message: string, details?: Record<string, unknown>) => new ApiError(400, message, details),
  invalidApiKey: () => new ApiError(401, 'invalidApiKey'),
  expiredConnection: () => new ApiError(401, 'expiredConnection'),
  forbidden: (key = 'forbidden') => new ApiError(403, key),
  groupDoesNotExist: (details?: Record<string, unknown>) => new ApiError(404, 'groupDoesNotExist', details),
  notFound: (key = 'notFound') => new ApiError(404, key),
  conflict: (key: string, details?: Record<string, unknown>) => new ApiError(409, key, details),
  unprocessable: (key: string, details?: Record<string, unknown>) => new ApiError(422, key, details),
  tooManyRequests: (key = 'tooManyRequests') => new ApiError(429, key),
};

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

/** Installs the handlers that give every error the spec's shape and never leak a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      error.prepareReply?.(reply);
      return reply.status(error.statusCode).send(errorBody(error.key, error.details));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody(describeValidation(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type…): keep its message.
      return reply.status(status).send(errorBody(error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('An error occurred, please try again later...'));
  });
}
