/**
 * The legacy generation's error form: a JSON list of `{errorCode, error}` items instead of the v3
 * object `{message, messages: {errors}}` (docs/api.md, "Legacy generation"). Handlers and the
 * shared error handler always produce the v3 body; one onSend hook rewrites it for legacy routes,
 * so every failure — a rule refusal, a validation error, a missing api key — gets the same form.
 */
import type { FastifyInstance } from 'fastify';

export interface LegacyErrorItem {
  /** A number: the code the error defines (10 for mintimeRDVError), otherwise the HTTP status. */
  errorCode: number;
  /** The error key the client translates, or the readable sentence of a 400. */
  error: string;
  /** The same key, under the name the legacy login answer used. */
  translate_key: string;
  [detail: string]: unknown;
}

/** The legacy list for a v3 error body; anything that is not a v3 error body is left as it is. */
export function toLegacyErrors(status: number, body: unknown): LegacyErrorItem[] | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { message, messages: _messages, errorCode, ...details } = body as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  // Some v3 bodies already carry this very list as `errors` (cancellation, change); the item is it.
  // An object `errors` is different: the per-field errors of a form, kept as a detail.
  if (Array.isArray(details.errors)) delete details.errors;
  return [
    {
      ...details,
      errorCode: typeof errorCode === 'number' ? errorCode : status,
      error: message,
      translate_key: message,
    },
  ];
}

/**
 * Installs the rewrite on a plugin scope holding only legacy routes. It runs before serialisation,
 * so the answer check of the contract (an onSend hook) sees the legacy list it declares.
 */
export function useLegacyErrorForm(scope: FastifyInstance): void {
  scope.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    return toLegacyErrors(reply.statusCode, payload) ?? payload;
  });
}
