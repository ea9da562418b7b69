/** Writes a benchmark's figures to bench/results/<name>.json with the machine they were taken on. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function writeResults(name: string, figures: Record<string, unknown>): void {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ name, date: new Date().toISOString(), machine, ...figures }, null, 2)}\n`,
  );
}

/** Median and percentiles of a list of durations. */
export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    min: sorted[0]!,
    median: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1]!,
  };
}
