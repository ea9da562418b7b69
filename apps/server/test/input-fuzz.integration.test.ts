/**
 * The proof of the input rules (docs/api.md "Input rules"): every operation of the app's own
 * OpenAPI document — so routes added later are covered without touching this file — gets generated
 * bad input as four callers (an anonymous visitor, a guest session from a booking, a logged-in
 * customer, a professional), on PGlite and on PostgreSQL. Each request starts from a plausible one
 * (real ids, a real slot) and gets one to three mutations: a parameter or field replaced by a wrong
 * type, a huge, negative or fractional number, a far or impossible date, control characters, a long
 * or odd Unicode string, deep nesting; a field removed; an unknown field added. Properties:
 * - no answer is a 5xx;
 * - an answer of 400 or more leaves every table as it was (ATTEMPT_TABLES aside).
 *
 * FUZZ_RUNS (runs per operation, default 10) and FUZZ_SEED (default fixed) make a run longer or
 * reproducible; a failure prints the seed and the shrunk request.
 */
import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { createAccount, loginAs } from './support/accounts.ts';
import { book, idsByExternid, newFiche } from './support/booking.ts';
import { fingerprint, fingerprintedTables } from './support/db-fingerprint.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  type?: string;
  enum?: Json[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; schema: Schema; required?: boolean }[];
  body: Schema | undefined;
}
type Viewer = 'anonymous' | 'guest' | 'customer' | 'pro';

/** Every operation of the OpenAPI document. */
function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

// ---- bad values ----------------------------------------------------------------------------

const nested = (depth: number): Json => {
  let value: Json = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { x: value };
  return value;
};

const controlText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(
      '\u0000',
      '\r\n',
      '\n',
      '\t',
      '\u0007',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u202e',
      '\u2066',
      '\u200f',
      '\u2028',
      '\ud800',
      '\udfff',
    ),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, bad, b]) => a + bad + b);

const oddUnicode = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 20 }),
  fc.constantFrom(
    '\ufeff',
    '\uffff',
    '\u{10ffff}',
    'e\u0301'.repeat(500),
    '😀'.repeat(3000),
    '\u00a0',
    '%00',
    "' or 1=1 --",
  ),
);

const longText = fc.constantFrom('x'.repeat(300), 'y'.repeat(5_000), 'é'.repeat(70_000));

const farDate = fc.constantFrom(
  '9999-12-31T10:00:00+01:00',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '2999-12-31T23:45:00+14:00',
  '3000-01-01',
  '9999-12-31',
  '0001-01-01',
  '0000-00-00',
  '2026-02-30T10:00:00+01:00',
  '2026-11-24T25:61:00+01:00',
  '2026-11-24 10:00:00',
  '2028-11-24T10:00:00+01:00',
  '+275760-09-13T00:00:00Z',
);

const badNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('-1', '1e3', '0x10', '1.0', ' 1', '99999999999999999999', 'NaN', 'Infinity'),
);

const wrongType = fc.constantFrom<Json>(
  null,
  true,
  false,
  [],
  {},
  [1, 'a'],
  { a: { b: 1 } },
  '',
  [[[]]],
  [null],
);

const badValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: controlText },
  { weight: 2, arbitrary: oddUnicode },
  { weight: 1, arbitrary: longText },
  { weight: 2, arbitrary: farDate },
  { weight: 3, arbitrary: badNumber },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.constantFrom(nested(40), nested(300)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

// ---- plausible requests --------------------------------------------------------------------

interface Known {
  groupId: number;
  urlname: string;
  ids: Record<string, number>;
  appointmentId: number;
  ficheId: number;
  accountId: number;
  slot: string;
}

/** A value the operation would accept for a parameter or field of this name, else one of its type. */
function plausible(name: string, schema: Schema, op: Operation, k: Known): Json {
  const byName: Record<string, Json> = {
    urlname: k.urlname,
    value: k.urlname,
    field: 'urlname',
    website: 'salon-test.example',
    group_id: k.groupId,
    aptId: k.appointmentId,
    ficheId: k.ficheId,
    intervention_ids: [k.ids.cut!],
    calendar_id: k.ids.alice!,
    resource_id: 0,
    start: k.slot.slice(0, 10),
    from: k.slot.slice(0, 10),
    date: k.slot,
    nDays: '7',
    locale: 'fr',
    search: 'Mar',
    email: 'fuzz@example.com',
    temp_email: 'fuzz.new@example.com',
    password: 'Not-The-Password-1',
    comments: 'Première visite',
    fiche:
      op.method === 'PUT' && /^\/api\/(v3\/)?appointments\//.test(op.path)
        ? k.ficheId
        : { firstname: 'Léa', lastname: 'Fuzz', email: 'lea.fuzz@example.com' },
    appointments: op.path.includes('batch_delete') ? [{ id: k.appointmentId }] : [],
    limit_past: 3,
    include_past: 1,
  };
  if (name === 'id') {
    if (/^\/api\/(v3\/)?appointments\/\{id\}/.test(op.path)) return k.appointmentId;
    if (/^\/api\/(v3\/)?accounts\/\{id\}/.test(op.path)) return k.accountId;
    return k.groupId;
  }
  if (name in byName) return byName[name]!;
  return ofType(schema, op, k);
}

function ofType(schema: Schema, op: Operation, k: Known): Json {
  if (schema.enum?.length) return schema.enum[0]!;
  if (schema.anyOf?.length) return ofType(schema.anyOf[0]!, op, k);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {}))
        out[name] = plausible(name, child, op, k);
      return out;
    }
    case 'array':
      return schema.items ? [ofType(schema.items, op, k)] : [];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'text';
  }
}

interface Request {
  viewer: Viewer;
  path: Record<string, Json>;
  query: Record<string, Json>;
  body: Json | undefined;
}

/** Where a mutation may land: a path parameter, a query parameter, or a field of the body at any depth. */
function slotsOf(request: Request): string[][] {
  const slots: string[][] = [];
  for (const name of Object.keys(request.path)) slots.push(['path', name]);
  for (const name of Object.keys(request.query)) if (name !== 'apikey') slots.push(['query', name]);
  const walk = (value: Json | undefined, at: string[]) => {
    if (value && typeof value === 'object' && at.length < 5)
      for (const [key, child] of Object.entries(value)) {
        slots.push([...at, key]);
        walk(child, [...at, key]);
      }
  };
  walk(request.body, ['body']);
  return slots;
}

type Mutation = { kind: 'replace' | 'remove' | 'add'; at: number; value: Json; name: string };

function mutate(request: Request, mutations: Mutation[]): Request {
  const copy: Request = structuredClone(request);
  for (const m of mutations) {
    const slots = slotsOf(copy);
    const target = slots[m.at % Math.max(1, slots.length)];
    if (m.kind === 'add') {
      const where = target && target[0] === 'body' ? target.slice(0, -1) : ['query'];
      const container = resolve(copy, where);
      if (container && typeof container === 'object' && !Array.isArray(container))
        container[m.name] = m.value;
      continue;
    }
    if (!target) continue;
    const parent = resolve(copy, target.slice(0, -1));
    const key = target[target.length - 1]!;
    if (!parent || typeof parent !== 'object') continue;
    if (m.kind === 'remove' && target[0] !== 'path') delete (parent as Record<string, Json>)[key];
    else (parent as Record<string, Json>)[key] = m.value;
  }
  return copy;
}

function resolve(request: Request, at: string[]): Record<string, Json> | Json[] | undefined {
  let node: any = request;
  for (const key of at) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node !== null && typeof node === 'object' ? node : undefined;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'replace', 'remove', 'add'),
  at: fc.nat(),
  value: badValue,
  name: fc.oneof(
    fc.constantFrom('deleted', 'id', 'group_id', '__proto__', 'constructor'),
    fc.string({ maxLength: 12 }),
  ),
});

/** Percent-encodes every byte: a lone surrogate in a path or query becomes U+FFFD, as a browser would send it. */
const encodeAll = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function urlOf(op: Operation, request: Request): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.path[name];
    return encodeAll(typeof value === 'string' ? value : JSON.stringify(value ?? ''));
  });
  const query = qs.stringify(request.query, { encoder: (s: unknown) => encodeAll(String(s)) });
  return `${path}?${query}`;
}

// ---- the suite ----------------------------------------------------------------------------

forEachDatabase('input fuzz', (database, engine) => {
  let t: TestApp;
  let known: Known;
  let operations: Operation[];
  let tables: string[];
  const tokens: Partial<Record<Viewer, string>> = {};

  beforeAll(async () => {
    t = await createTestApp(database());
    const group = sampleGroup() as any;
    const groupId = (await importGroupConfig(t.ctx.db, group)).id;
    const ids = await idsByExternid(t, groupId);
    const customerId = await createAccount(t.ctx.db, { email: 'fuzz.customer@example.com' });
    await createAccount(t.ctx.db, { email: 'fuzz.pro@example.com', role: 'pro', proGroups: [groupId] });
    tokens.customer = await loginAs(t, 'fuzz.customer@example.com', undefined, groupId);
    tokens.pro = await loginAs(t, 'fuzz.pro@example.com', undefined, groupId);
    const slot = '2026-11-24T10:00:00+01:00';
    const mine = await book(
      t,
      {
        date: slot,
        group_id: groupId,
        fiche: newFiche('Client'),
        intervention_ids: [ids.cut],
        calendar_id: ids.alice,
      },
      { token: tokens.customer },
    );
    expect(mine.status).toBe(201);
    const guest = await book(t, {
      date: '2026-11-24T11:00:00+01:00',
      group_id: groupId,
      fiche: newFiche('Invité'),
      intervention_ids: [ids.cut],
      calendar_id: ids.alice,
    });
    expect(guest.status).toBe(201);
    tokens.guest = guest.body.fiche_token;
    known = {
      groupId,
      urlname: group.urlname,
      ids,
      appointmentId: mine.body.records[0].id,
      ficheId: mine.body.fiche.id,
      accountId: customerId,
      slot: '2026-11-25T10:00:00+01:00',
    };
    const doc = await t.get('/api/docs/json');
    operations = operationsOf(doc.body);
    tables = await fingerprintedTables(t.ctx.db);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('the OpenAPI document lists the API, and every table is watched', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(tables).toEqual(
      expect.arrayContaining(['appointments', 'fiches', 'accounts', 'sessions', 'mail_outbox']),
    );
  });

  it(`no 5xx and nothing written by a refused request, for every operation [${engine}]`, async () => {
    const failures: string[] = [];
    const seen = { requests: 0, refused: 0, byStatus: {} as Record<number, number> };
    let state = await fingerprint(t.ctx.db, tables);
    const timings: string[] = [];
    for (const op of operations) {
      const started = Date.now();
      const base = (viewer: Viewer): Request => {
        const path: Record<string, Json> = {};
        const query: Record<string, Json> = { apikey: TEST_API_KEY };
        for (const p of op.parameters) {
          if (p.in === 'path') path[p.name] = plausible(p.name, p.schema, op, known);
          else if (p.in === 'query' && !['apikey', 'token', 'results'].includes(p.name)) {
            if (p.required || Math.abs(hash(op.path + p.name)) % 2 === 0)
              query[p.name] = plausible(p.name, p.schema, op, known);
          }
        }
        const token = tokens[viewer];
        if (token) query.token = token;
        return { viewer, path, query, body: op.body ? ofType(op.body, op, known) : undefined };
      };
      // Logging out would end the shared sessions: only anonymous callers fuzz it.
      const viewers: Viewer[] = op.path.endsWith('/logout.json')
        ? ['anonymous']
        : ['anonymous', 'guest', 'customer', 'pro'];
      const requestArb = fc
        .record({
          viewer: fc.constantFrom(...viewers),
          mutations: fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
          // Now and then the whole body is something else entirely.
          wholeBody: fc.oneof(
            { weight: 7, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: badValue },
          ),
        })
        .map(({ viewer, mutations, wholeBody }) => {
          const request = mutate(base(viewer), mutations);
          if (wholeBody !== null && op.body) request.body = wholeBody;
          return request;
        });
      await fc
        .assert(
          fc.asyncProperty(requestArb, async (request) => {
            const response = await t.app.inject({
              method: op.method,
              url: urlOf(op, request),
              ...(request.body !== undefined
                ? { payload: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } }
                : {}),
            });
            seen.requests++;
            seen.byStatus[response.statusCode] = (seen.byStatus[response.statusCode] ?? 0) + 1;
            const label = `${op.method} ${op.path} as ${request.viewer}`;
            expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
            // One fingerprint per request: the state after a refusal must be the state before it.
            const after = await fingerprint(t.ctx.db, tables);
            const before = state;
            state = after;
            if (response.statusCode >= 400) {
              seen.refused++;
              expect(after, `${label} answered ${response.statusCode} but wrote`).toEqual(before);
              expect(isErrorBody(response.json()), `${label}: ${response.body.slice(0, 300)}`).toBe(true);
            }
          }),
          { numRuns: RUNS, seed: SEED },
        )
        .catch(async (error: Error) => {
          failures.push(error.message.slice(0, 3000));
          state = await fingerprint(t.ctx.db, tables);
        });
      timings.push(`${op.method} ${op.path}: ${Date.now() - started} ms`);
    }
    console.log(`input fuzz [${engine}]: ${seen.requests} requests, ${seen.refused} refused`, seen.byStatus);
    if (process.env.FUZZ_TIMINGS) console.log(timings.join('\n'));
    expect(failures).toEqual([]);
    // The fuzz reached the handlers too: some requests were accepted.
    expect(seen.refused).toBeLessThan(seen.requests);
  }, 300_000);
});

/**
 * The API's error body: v3 `{message, messages: {errors: [message]}}`, or the legacy generation's
 * list of `{errorCode, error}`.
 */
function isErrorBody(body: any): boolean {
  if (Array.isArray(body))
    return (
      body.length > 0 && body.every((e) => typeof e?.error === 'string' && typeof e.errorCode === 'number')
    );
  return (
    typeof body?.message === 'string' &&
    JSON.stringify(body.messages?.errors) === JSON.stringify([body.message])
  );
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}
