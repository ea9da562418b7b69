/**
 * The production build (apps/server/build.mjs): the server bundled to JavaScript starts with plain
 * `node` — no TypeScript loader — on the embedded database, loads the demo groups into an empty
 * one and serves them, and says how long it took to start.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ServerProcess } from './support/server-process.ts';
import { TEST_API_KEY } from './support/test-app.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside dist/ (ignored by git), and a folder of its own so parallel runs never share a build.
const outdir = path.join(serverDir, 'dist', `test-build-${process.pid}`);
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(serverDir, 'build.mjs'), outdir], { stdio: 'pipe' });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-build-'));
  server = new ServerProcess(
    { DATA_DIR: dataDir, API_KEYS: TEST_API_KEY, LOAD_DEMO: 'true', NODE_ENV: 'production' },
    ['--enable-source-maps', path.relative(path.resolve(serverDir, '../..'), path.join(outdir, 'main.js'))],
  );
  // In the hook, whose time limit is longer: a first start migrates and loads the demo.
  await server.start(`/api/v3/services/groups/demo-salon.json?apikey=${TEST_API_KEY}`, 200, 110_000);
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(outdir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('bundles the server into JavaScript that loads no TypeScript and no TypeScript loader', () => {
  const files = readdirSync(outdir).filter((name) => name.endsWith('.js'));
  expect(files).toContain('main.js');
  expect(files).toContain('group.cli.js');
  for (const file of files) {
    const code = readFileSync(path.join(outdir, file), 'utf8');
    const imported = [...code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => name.endsWith('.ts') || /^tsx(\/|$)/.test(name))).toEqual([]);
    // Our own workspace package is bundled in, not imported from its TypeScript sources.
    expect(imported.filter((name) => name.startsWith('@creneau/'))).toEqual([]);
  }
});

it('starts with plain node on the embedded database, loads the demo and reports its start-up time', async () => {
  expect(server.child!.spawnargs.join(' ')).not.toMatch(/tsx/);
  const answer = await fetch(
    `http://127.0.0.1:${server.port}/api/v3/services/groups/demo-clinic.json?apikey=${TEST_API_KEY}`,
  );
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { urlname: string }).urlname).toBe('demo-clinic');
  const started = /"startupMs":(\d+).*started in (\d+) ms/.exec(server.output);
  expect(started, server.output).not.toBeNull();
  expect(Number(started![1])).toBeGreaterThan(0);
  expect(started![2]).toBe(started![1]);
});
