/**
 * Sums a V8 CPU profile's self time by module and by function, to see where a benchmark's CPU went
 * (docs/benchmarks.md). Usage: `npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top]`.
 * Modules are grouped by package (node_modules/<name>), by source file of the project, or as Node's
 * own ("node:…") and V8's ("(garbage collector)", "(program)", "(idle)").
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a project file, Node's own, or V8's. */
export function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return url;
  const project = url.match(/\/(apps|packages)\/(.+)$/);
  return project ? `${project[1]}/${project[2]}` : url;
}

export function summarizeProfile(profile: Profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byNode.get(id)!.callFrame;
    total += micros;
    if (functionName === '(idle)') idle += micros;
    const module = moduleOf(url, functionName);
    byModule.set(module, (byModule.get(module) ?? 0) + micros);
    const fn = `${functionName || '(anonymous)'} ${module}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { totalMs: total / 1000, busyMs: (total - idle) / 1000, top, byModule, byFunction };
}

if (process.argv[1]?.endsWith('cpu-profile-summary.ts')) {
  const [file, count = '30'] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top]');
  const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const busy = summary.busyMs;
  const pct = (micros: number) => `${((micros / 1000 / busy) * 100).toFixed(1).padStart(5)} %`;
  console.log(`profiled ${summary.totalMs.toFixed(0)} ms, busy (not idle) ${busy.toFixed(0)} ms`);
  console.log('\nself time by module (share of busy time):');
  for (const [name, micros] of summary.top(summary.byModule, Number(count)))
    if (name !== '(idle)')
      console.log(`${pct(micros)}  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  console.log('\nself time by function:');
  for (const [name, micros] of summary.top(summary.byFunction, Number(count)))
    if (!name.startsWith('(idle)'))
      console.log(`${pct(micros)}  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}
