/**
 * The API contract (packages/contract) and the server agree: every v3 route is an endpoint of the
 * contract with its answers declared, every endpoint is served, and an answer that breaks its
 * contract fails loudly wherever answers are checked — in every server test and in the browser
 * tests (CHECK_ANSWERS), so each answer those tests receive matches its declared schema.
 */
import { type Endpoint, endpoint } from '@creneau/contract/endpoint';
import * as areas from '@creneau/contract/endpoints/index';
import { legacyEndpoints } from '@creneau/contract/legacy';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAnswersAgainstContract, schemaOf } from '../src/http/contract-route.ts';
import { installErrorHandling } from '../src/http/errors.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPgliteDatabase } from './support/test-db.ts';

const openApiKey = (e: Endpoint) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'answers' in value;

/** Every endpoint the contract declares, as "METHOD /path/{param}" (the OpenAPI form). */
const declared = new Map(
  Object.values(areas)
    .flatMap((area) => Object.values(area))
    .filter(isEndpoint)
    .map((e) => [openApiKey(e), e]),
);

describe('the contract and the server', () => {
  let t: TestApp;
  let served: Map<string, { responses?: Record<string, unknown> }>;
  beforeAll(async () => {
    t = await createTestApp(await createPgliteDatabase());
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    served = new Map();
    for (const [path, operations] of Object.entries<Record<string, object>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations))
        served.set(`${method.toUpperCase()} ${path}`, operation as { responses?: Record<string, unknown> });
    }
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('declares more than twenty endpoints', () => {
    expect(declared.size).toBeGreaterThan(20);
  });

  it('serves every endpoint of the contract', () => {
    expect([...declared.keys()].filter((key) => !served.has(key))).toEqual([]);
  });

  it('has every v3 route in the contract, its success answer documented', () => {
    const v3 = [...served.keys()].filter(
      (key) => key.includes(' /api/v3/') || / \/api\/(urlname|shard)$/.test(key),
    );
    expect(v3.length).toBeGreaterThan(20);
    expect(v3.filter((key) => !declared.has(key))).toEqual([]);
    for (const key of v3) {
      const statuses = Object.keys(served.get(key)?.responses ?? {});
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${key} documents its answer`,
      ).toBe(true);
    }
  });

  it('declares every legacy path with its answers and the legacy error list, and serves it', () => {
    const legacy = Object.values(legacyEndpoints);
    expect(legacy.length).toBeGreaterThan(20);
    for (const endpoint of legacy) {
      const operation = served.get(openApiKey(endpoint));
      expect(operation, `${openApiKey(endpoint)} is served`).toBeDefined();
      const statuses = Object.keys(operation?.responses ?? {});
      expect(statuses.some((status) => status.startsWith('2'))).toBe(true);
      const notFound = operation?.responses?.['404'] as { content?: Record<string, { schema?: object }> };
      expect(
        Object.values(notFound?.content ?? {})[0]?.schema,
        `${openApiKey(endpoint)} errors`,
      ).toMatchObject({
        type: 'array',
      });
    }
    // And no legacy path is served without being declared.
    const legacyPaths = new Set(legacy.map(openApiKey));
    const undeclared = [...served.keys()].filter(
      (key) =>
        !key.includes(' /api/v3/') && key.includes(' /api/') && !declared.has(key) && !legacyPaths.has(key),
    );
    expect(undeclared).toEqual([]);
  });
});

describe('the answer check', () => {
  it('fails an answer that breaks its contract, and passes one that keeps it', async () => {
    const probe = endpoint({
      method: 'GET',
      path: '/probe/:mode',
      summary: 'probe',
      tags: [],
      params: z.object({ mode: z.enum(['kept', 'broken']) }),
      answers: { 200: z.object({ count: z.number().int() }) },
    });
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    installErrorHandling(app);
    checkAnswersAgainstContract(app);
    app.get(probe.path, { schema: schemaOf(probe) }, async (request, reply) =>
      // A broken server: the contract says a number.
      reply.send(request.params.mode === 'kept' ? { count: 3 } : { count: 'three' }),
    );
    const kept = await app.inject({ method: 'GET', url: '/probe/kept' });
    expect([kept.statusCode, kept.json()]).toEqual([200, { count: 3 }]);
    const broken = await app.inject({ method: 'GET', url: '/probe/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().message).toMatch(/GET \/probe\/:mode \(200\) breaks the contract[\s\S]*count/);
    await app.close();
  });
});
