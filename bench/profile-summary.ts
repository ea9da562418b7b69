/**
 * Where a `node --cpu-prof` profile's time went: self time summed by function and by module (a
 * package, or a file of ours), as shares of the busy (non-idle) time.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [rows] [skip seconds]
 *
 * `skip seconds` leaves out the start of the profile (the server starting, loading its modules).
 *
 * Made for the slot list's miss path (docs/benchmarks.md); it reads any V8 CPU profile.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** "fastify", "pg", "apps/server/src/modules/availability/…", "(garbage collector)", "node:net"… */
export function moduleOf(url: string, functionName: string): string {
  if (!url) return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  const path = url.replace(/^file:\/\//, '');
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const ours = path.match(/\/((?:apps|packages)\/.*)$/);
  if (ours) return ours[1]!;
  return path;
}

export function summarize(profile: Profile, skipSeconds = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfTime = new Map<number, number>();
  // timeDeltas[i] is the time before sample i: it belongs to the sample before it.
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    elapsed += profile.timeDeltas[i] ?? 0;
    if (elapsed < skipSeconds * 1e6) continue;
    const id = profile.samples[i]!;
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, micros] of selfTime) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    // "(idle)": waiting for events. "(program)" (V8 and Node's own native work) counts as busy.
    if (functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    const module = moduleOf(url, functionName);
    const fn = `${functionName || '(anonymous)'} ${module}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    byModule.set(module, (byModule.get(module) ?? 0) + micros);
  }
  const top = (m: Map<string, number>, rows: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: micros / busy }));
  return { busyMs: busy / 1000, idleMs: idle / 1000, byFunction, byModule, top };
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [rows] [skip seconds]');
  const rows = Number(process.argv[3] ?? 25);
  const skip = Number(process.argv[4] ?? 0);
  const summary = summarize(JSON.parse(readFileSync(file, 'utf8')) as Profile, skip);
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}:`);
    for (const { name, ms, share } of summary.top(m, rows)) {
      console.log(`${(share * 100).toFixed(1).padStart(5)} %  ${String(ms).padStart(6)} ms  ${name}`);
    }
  };
  console.log(`busy ${Math.round(summary.busyMs)} ms, idle ${Math.round(summary.idleMs)} ms`);
  print('Self time by module', summary.byModule);
  print('Self time by function', summary.byFunction);
}
