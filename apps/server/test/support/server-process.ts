/** The server as `npm start` runs it, in a process of its own, and plain HTTP requests to it. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawJsonRequest } from './raw-request.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Answer {
  status: number;
  body: any;
  replayed: boolean;
}

export async function request(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  key?: string,
): Promise<Answer> {
  const answer = await rawJsonRequest(port, method, url, payload, key ? { 'idempotency-key': key } : {});
  return {
    status: answer.status,
    body: answer.body,
    replayed: answer.headers['idempotent-replayed'] === 'true',
  };
}

/**
 * The server as `npm start` runs it. It listens on a port the system picks (PORT=0) and the test reads
 * it from the start-up log: choosing a free port beforehand races with other processes on the machine.
 */
export class ServerProcess {
  child: ChildProcess | undefined;
  port = 0;
  /** The end of the server's output, for failure messages. */
  output = '';
  /** How many times a server process has said it listens (one per process with WORKERS). */
  listened = 0;
  /**
   * `entry`: the node arguments that start the server; by default its TypeScript sources through
   * tsx, as in development; the production build's tests pass `['dist/…/main.js']`.
   */
  constructor(
    readonly env: Record<string, string>,
    readonly entry: string[] = ['--import', 'tsx', 'apps/server/src/main.ts'],
  ) {}

  /** Resolves once `readyPath` answers `readyStatus`. */
  async start(readyPath: string, readyStatus = 200, timeoutMs = 60_000): Promise<void> {
    const child = spawn(process.execPath, this.entry, {
      cwd: repoRoot,
      env: {
        // The tests wait for mails and jobs as soon as they are due; a busy test machine would
        // otherwise hold them back a minute (docs/jobs.md "Requests first"). A test may set it.
        BUSY_HOLD_MS: '0',
        ...process.env,
        ...this.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.port = 0;
    this.output = '';
    this.listened = 0;
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.listened += text.match(/Server listening at/g)?.length ?? 0;
      this.output = (this.output + text).slice(-20_000);
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(this.output);
      if (listening && !this.port) this.port = Number(listening[1]);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${this.output}`);
      if (this.port) {
        try {
          if ((await request(this.port, 'GET', readyPath)).status === readyStatus) return;
        } catch {
          // not answering yet
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook runs, open transactions die with their connections. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}
