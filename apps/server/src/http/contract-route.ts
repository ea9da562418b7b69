/**
 * Routes from the contract (packages/contract): an endpoint's schemas become the route's Fastify
 * schema — validation of the request, the OpenAPI document — and, where the configuration asks
 * for it (tests, the browser-test server), a check that every answer is what the contract says.
 */
import { type Endpoint, ERROR_STATUSES, errorAnswer } from '@creneau/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The Fastify schema of an endpoint: its request parts, and its answers with the error form. */
export function schemaOf<const E extends Endpoint>(endpoint: E) {
  // An endpoint's own error answer extends the common form (a booking's 409 with next_slots).
  const errors = Object.fromEntries(
    ERROR_STATUSES.map((status) => [
      status,
      (endpoint.errorAnswers?.[status] ?? errorAnswer) as typeof errorAnswer,
    ]),
  );
  return {
    ...requestSchemaOf(endpoint),
    response: { ...errors, ...endpoint.answers },
  };
}

/**
 * The descriptive and request parts of an endpoint's schema. Parts the endpoint does not have are
 * left out rather than set to undefined (Fastify warns about an undefined schema part).
 */
export function requestSchemaOf<const E extends Endpoint>(endpoint: E) {
  const { summary, description, tags, params, querystring, headers, body } = endpoint;
  const present = Object.fromEntries(
    Object.entries({ description, params, querystring, headers, body }).filter(
      ([, part]) => part !== undefined,
    ),
  );
  return { summary, tags, ...present } as {
    summary: string;
    description?: string;
    tags: string[];
    params: E['params'];
    querystring: E['querystring'];
    headers: E['headers'];
    body: E['body'];
  };
}

/** An answer that breaks its route's contract: a bug in the server, reported as one. */
export class ContractBreach extends Error {
  constructor(route: string, status: number, problem: string) {
    super(`the answer of ${route} (${status}) breaks the contract: ${problem}`);
    this.name = 'ContractBreach';
  }
}

/**
 * Checks every JSON answer against its route's declared answer for that status. Costs a parse per
 * answer, so it runs where a breach should fail loudly (tests), not in production.
 */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const declared = (reply.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[
      reply.statusCode
    ];
    if (!(declared instanceof z.ZodType) || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const result = declared.safeParse(JSON.parse(payload));
    if (!result.success) {
      const route = `${request.method} ${request.routeOptions.url}`;
      const breach = new ContractBreach(route, reply.statusCode, z.prettifyError(result.error));
      request.log.error({ err: breach }, 'contract breach');
      throw breach;
    }
    return payload;
  });
}
