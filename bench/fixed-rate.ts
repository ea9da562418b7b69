/**
 * An open-loop load generator at a fixed arrival rate (see availability-http.bench.ts for why not
 * autocannon): request i is due at t0 + i / rate, sent on a keep-alive pool, and its latency counts
 * from when it was due, so a slow server cannot hide its queue.
 */
import http from 'node:http';
import { summarize } from './results.ts';

export interface RateRun {
  targetRate: number;
  achievedRate: number;
  requests: number;
  errors: number;
  non2xx: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

/** Open loop: request i is due at t0 + i / rate; its latency counts from that moment. */
export async function fixedRate(
  port: number,
  paths: string[],
  rate: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<RateRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let done = 0;
  const t0 = performance.now() + 20;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const settle = () => {
    if (++done === total) finish();
  };
  const fire = (i: number) => {
    const due = t0 + i * interval;
    const request = http.get(
      { agent, host: '127.0.0.1', port, path: paths[i % paths.length], headers },
      (response) => {
        if (response.statusCode !== 200) non2xx++;
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          settle();
        });
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => {
      errors++;
      settle();
    });
  };
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && t0 + next * interval <= now) fire(next++);
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, t0 + next * interval - now)));
      else resolve();
    };
    setTimeout(tick, 20);
  });
  await finished;
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  const s = summarize(latencies.length ? latencies : [Number.POSITIVE_INFINITY]);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    targetRate: rate,
    achievedRate: Math.round(latencies.length / elapsed),
    requests: total,
    errors,
    non2xx,
    latencyMs: {
      p50: round(s.median),
      p95: round(s.p95),
      p99: round(s.p99),
      max: round(s.max),
    },
  };
}
