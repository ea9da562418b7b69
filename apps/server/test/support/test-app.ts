/** A real application on a test database, with a clock the test controls. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { App } from '../../src/app.ts';
import type { AppContext } from '../../src/app-context.ts';
import { readConfig, type ServerConfig } from '../../src/config.ts';
import { AGENDA_CHANNEL } from '../../src/db/agenda-events.ts';
import type { DatabaseHandle } from '../../src/db/connection.ts';
import { anonymousViewer } from '../../src/modules/sessions/viewer.ts';
import type { OperationsState } from '../../src/operations/operations-state.ts';
import { createServer } from '../../src/server.ts';

export const TEST_API_KEY = 'test-key';

export class TestClock {
  constructor(private current: Date) {}
  now = (): Date => new Date(this.current);
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-data-'));
  const config = readConfig({
    API_KEYS: `${TEST_API_KEY},creneau-dev`,
    DATA_DIR: dataDir,
    LOAD_DEMO: 'false',
  });
  return {
    ...config,
    // Test files share two cores and the embedded database runs on the event loop: a late loop
    // there says nothing about the code under test. overload.integration.test.ts sets its own.
    overload: { ...config.overload, maxEventLoopDelayMs: 0 },
    webDistDir: path.join(dataDir, 'no-web-build'),
    // Suites book and mail far more than one visitor may; rate-limits.integration.test.ts sets 1.
    rateLimitScale: 10_000,
    // Every answer of every test is checked against the API contract.
    checkAnswers: true,
    // Timed rounds deliver as soon as mail is due: the test machine is busy enough to hold it back
    // (docs/jobs.md "Requests first"); rounds.test.ts and mail-delivery's tests of it set their own.
    busyHoldMs: 0,
    ...overrides,
  };
}

/** An application context on a test database, with the test's clock, for code that runs outside requests. */
export function contextFor(handle: DatabaseHandle, clock: TestClock, config: ServerConfig): AppContext {
  return {
    db: handle.db,
    dbKind: handle.kind,
    listen: handle.listen,
    config,
    now: clock.now,
    resolveViewer: async () => anonymousViewer,
  };
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  /** What /metrics and the health endpoints report of the background jobs and draining. */
  operations: OperationsState;
  clock: TestClock;
  /** GET with the api key added. */
  get(url: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /**
   * Resolves once the application has heard every appointment and absence change committed before
   * the call. A test that writes straight in the database and asks for slots at once calls it: kept
   * slot answers and weeks are exact once a change is heard (docs/availability.md "Answer cache"),
   * which takes a few milliseconds.
   */
  heardChanges(): Promise<void>;
}

/**
 * Notifications reach a listener in commit order: once a marker sent after the writes has come
 * through, so have theirs. The marker has no group, so the application ignores it.
 */
function markedListen(database: DatabaseHandle) {
  const waiting = new Map<number, () => void>();
  let listening = false;
  let marks = 0;
  const listen: DatabaseHandle['listen'] = (channel, onPayload, onListening) =>
    database
      .listen(
        channel,
        (payload) => {
          const mark = channel === AGENDA_CHANNEL ? /^\{"heard":(\d+)\}$/.exec(payload) : null;
          if (mark) waiting.get(Number(mark[1]))?.();
          else onPayload(payload);
        },
        onListening,
      )
      .then((stop) => {
        if (channel === AGENDA_CHANNEL) listening = true;
        return stop;
      });
  const heardChanges = async () => {
    if (!listening) return; // nothing kept without listening
    const mark = ++marks;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve, reject) => {
      waiting.set(mark, resolve);
      // A test must fail, not hang, if its notifications stop coming.
      timer = setTimeout(() => reject(new Error('notifications not heard within 5 s')), 5_000);
    });
    try {
      await sql`select pg_notify(${AGENDA_CHANNEL}, ${`{"heard":${mark}}`})`.execute(database.db);
      await heard;
    } finally {
      clearTimeout(timer);
      waiting.delete(mark);
    }
  };
  return { listen, heardChanges };
}

export async function createTestApp(
  database: DatabaseHandle,
  options: { now?: string; config?: Partial<ServerConfig>; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const clock = new TestClock(new Date(options.now ?? '2026-11-23T08:00:00Z'));
  const marked = markedListen(database);
  const { app, ctx, operations } = await createServer({
    config: testConfig(options.config),
    database: { ...database, listen: marked.listen },
    now: clock.now,
    logger: options.logStream ? { level: 'debug', stream: options.logStream } : false,
  });
  await app.ready();
  const withKey = (url: string) => `${url}${url.includes('?') ? '&' : '?'}apikey=${TEST_API_KEY}`;
  return {
    app,
    ctx,
    operations,
    clock,
    heardChanges: marked.heardChanges,
    async get(url) {
      const response = await app.inject({ method: 'GET', url: withKey(url) });
      const isJson = String(response.headers['content-type'] ?? '').includes('json');
      return {
        status: response.statusCode,
        body: isJson ? response.json() : response.body,
        headers: response.headers,
      };
    },
  };
}
