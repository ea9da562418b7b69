/** The group CLI as an operator runs it: a separate process on an embedded database in DATA_DIR. */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sampleGroup } from './support/fixtures.ts';

const run = promisify(execFile);
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/cli/group.cli.ts');
// Resolved here: the CLI runs in other folders, where a bare "tsx" would not be found.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

async function group(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', tsxLoader, cli, ...args], {
      cwd: dataDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run group', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'creneau-cli-'));
  const good = path.join(dataDir, 'good.json');
  const bad = path.join(dataDir, 'bad.json');
  writeFileSync(good, JSON.stringify(sampleGroup()));
  const broken = sampleGroup({ name: 'Changed' }) as any;
  broken.packs[0].items[1].intervention = 'ghost';
  writeFileSync(bad, JSON.stringify(broken));

  it('imports a file, then exports it back', async () => {
    const imported = await group(dataDir, 'import', good);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^created group test-salon \(id \d+\)/);
    const exported = await group(dataDir, 'export', 'test-salon');
    expect(exported.code).toBe(0);
    const document = JSON.parse(exported.stdout);
    expect(document.name).toBe('Salon Test');
    expect(document.calendars.map((c: { externid: string }) => c.externid)).toEqual([
      'alice',
      'bob',
      'room-1',
    ]);
  }, 60_000);

  it('refuses a bad file, names the JSON path and changes nothing', async () => {
    const result = await group(dataDir, 'import', bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('$.packs[0].items[1].intervention: unknown intervention "ghost"');
    expect(result.stderr).toContain('nothing was changed');
    const exported = await group(dataDir, 'export', 'test-salon');
    expect(JSON.parse(exported.stdout).name).toBe('Salon Test');
  }, 60_000);

  it('reads a relative path from the folder it is run in', async () => {
    const result = await group(dataDir, 'import', 'good.json');
    expect(result.stdout).toMatch(/^updated group test-salon/);
  }, 60_000);

  it('refuses to open an embedded database another process is using, without a stack trace', async () => {
    const busy = mkdtempSync(path.join(os.tmpdir(), 'creneau-cli-busy-'));
    mkdirSync(path.join(busy, 'pglite'));
    writeFileSync(path.join(busy, 'pglite', 'creneau.pid'), '1');
    const result = await group(busy, 'export', 'test-salon');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('in use by process 1');
    expect(result.stderr).not.toContain('    at ');
  }, 60_000);

  it('explains unreadable files, unknown groups and bad usage', async () => {
    const missing = await group(dataDir, 'import', path.join(dataDir, 'nope.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');
    const unknown = await group(dataDir, 'export', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no group with url name "nobody"');
    const usage = await group(dataDir, 'frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage:');
  }, 60_000);
});
