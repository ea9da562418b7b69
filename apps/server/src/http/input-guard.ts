/**
 * The last line behind the route schemas (docs/api.md "Input rules"). Every route's schema already
 * refuses what its fields may not hold (input-rules.ts); these hooks catch what a future route's
 * schema forgets, so that nothing the database cannot store (NUL, broken UTF-16) reaches it:
 * - before validation, a JSON body may nest at most MAX_BODY_DEPTH levels (validators and
 *   JSON.stringify recurse: a deeper body would exhaust the stack);
 * - after validation, no string of the body holds a control character other than tab and line
 *   breaks, and no string of the query string or the path holds any control character at all.
 * Both answer 400 in the API's error format, naming where.
 */

import { findUnsafeJson } from '@creneau/contract/wire-rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors/domain-error.ts';

/** Far more than any call needs (the deepest is a linked-combo value in a record, 5 levels). */
export const MAX_BODY_DEPTH = 32;

function depthExceeds(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= limit) return true;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
  }
  return false;
}

const refusal = (where: string, unsafe: { path: string; message: string }) =>
  errors.badRequest(`Invalid ${where}${unsafe.path ? ` parameter "${unsafe.path}"` : ''}: ${unsafe.message}`);

function checkValidated(request: FastifyRequest): void {
  // An upload's bytes (docs/back-office.md "Images") hold no text to check.
  const inBody = Buffer.isBuffer(request.body)
    ? null
    : findUnsafeJson(request.body, { maxDepth: MAX_BODY_DEPTH });
  if (inBody) throw refusal('body', inBody);
  // No query or path parameter is multi-line.
  const single = { maxDepth: MAX_BODY_DEPTH, strings: 'single-line' } as const;
  const inQuery = findUnsafeJson(request.query, single);
  if (inQuery) throw refusal('querystring', inQuery);
  const inParams = findUnsafeJson(request.params, single);
  if (inParams) throw refusal('params', inParams);
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!Buffer.isBuffer(request.body) && depthExceeds(request.body, MAX_BODY_DEPTH))
      throw errors.badRequest(`Invalid body: must nest at most ${MAX_BODY_DEPTH} levels`);
  });
  app.addHook('preHandler', async (request) => checkValidated(request));
}
