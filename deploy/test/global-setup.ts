/**
 * Brings the whole topology up once (deploy/ha-local.sh up, in a temporary directory, on ports no
 * one uses) and down after the HA tests; the tests receive its addresses as `inject('ha')`.
 * KEEP_HA_DIR=1 keeps the directory (logs of every part) after the run. HA_USE_RUNNING=1 with the
 * HA_DIR and HA_PORT_BASE of a topology already up (deploy/ha-local.sh up) runs the tests against
 * it instead, and leaves it running.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type HaEnvironment, haLocal, parseEnvironment } from './support/cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    ha: HaEnvironment;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.HA_USE_RUNNING) {
    const running = { HA_DIR: process.env.HA_DIR ?? '', HA_PORT_BASE: process.env.HA_PORT_BASE ?? '' };
    const output = await haLocal(['env'], running);
    project.provide('ha', { ...parseEnvironment(output), API_KEY: 'ha-test-key', ...running });
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'creneau-ha-test-'));
  // Ports base + 0 … base + 32; a random base keeps two runs (or a developer's own cluster) apart.
  const base = process.env.HA_PORT_BASE ?? String(30_000 + 100 * Math.floor(Math.random() * 300));
  // The booking streams all come from this machine: the rate limits are not what these tests measure.
  const env = {
    HA_DIR: dir,
    HA_PORT_BASE: base,
    LOAD_DEMO: 'false',
    API_KEYS: 'ha-test-key',
    RATE_LIMIT_SCALE: '1000000',
  };
  const started = performance.now();
  const output = await haLocal(['up'], env);
  console.log(`HA topology up in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`);
  project.provide('ha', { ...parseEnvironment(output), API_KEY: 'ha-test-key', HA_PORT_BASE: base });

  return async () => {
    await haLocal(['down'], env);
    if (process.env.KEEP_HA_DIR) console.log(`HA directory kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
}
