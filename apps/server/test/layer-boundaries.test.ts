/**
 * The server's seams (docs/server.md "Layers"): modules depend on each other in one direction only,
 * and the lint rule that keeps HTTP out of services and repositories out of routes really bites.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modulesDir = path.join(repoRoot, 'apps/server/src/modules');

/** Every relative import of the TypeScript files under a folder, as [from file, to file]. */
function importsUnder(dir: string): [string, string][] {
  const edges: [string, string][] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)'/gms)) {
      edges.push([file, path.resolve(path.dirname(file), match[1]!)]);
    }
  }
  return edges;
}

/** The module a file belongs to (the folder under src/modules), or undefined outside them. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

/** A cycle in a directed graph, as the list of its nodes, or undefined when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('module dependencies', () => {
  it('finds a cycle when there is one, and none in a chain', () => {
    const graph = (edges: [string, string][]) => {
      const g = new Map<string, Set<string>>();
      for (const [a, b] of edges) g.set(a, (g.get(a) ?? new Set()).add(b));
      return g;
    };
    expect(
      findCycle(
        graph([
          ['a', 'b'],
          ['b', 'c'],
        ]),
      ),
    ).toBeUndefined();
    expect(
      findCycle(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
  });

  it('form no cycle: each module only uses modules below it', () => {
    const graph = new Map<string, Set<string>>();
    for (const [from, to] of importsUnder(modulesDir)) {
      if (from.endsWith('.test.ts')) continue;
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (a && b && a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    expect(graph.size).toBeGreaterThan(5);
    expect(findCycle(graph)).toBeUndefined();
  });
});

describe('the layer lint rule', () => {
  /** Lints files at the given repository paths with the repository's own Biome configuration. */
  function lint(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'creneau-lint-'));
    try {
      copyFileSync(path.join(repoRoot, 'biome.json'), path.join(dir, 'biome.json'));
      for (const [file, source] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), source);
      }
      const biome = path.join(repoRoot, 'node_modules/.bin/biome');
      const run = spawnSync(biome, ['lint', '--vcs-enabled=false', '--max-diagnostics=50', '.'], {
        cwd: dir,
        encoding: 'utf8',
      });
      return `${run.stdout}${run.stderr}`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('refuses HTTP in a service and a repository in a route, and allows both where they belong', () => {
    const output = lint({
      'apps/server/src/modules/pros/wrong.service.ts':
        "import type { FastifyReply } from 'fastify';\nimport { errorBody } from '../../http/errors.ts';\n\nexport const answer = (reply: FastifyReply) => reply.send(errorBody('x'));\n",
      'apps/server/src/modules/pros/wrong.routes.ts':
        "import { listActiveGroups } from './pros.repository.ts';\n\nexport const list = listActiveGroups;\n",
      'apps/server/src/modules/pros/right.routes.ts':
        "import type { FastifyReply } from 'fastify';\nimport { errorBody } from '../../http/errors.ts';\n\nexport const answer = (reply: FastifyReply) => reply.send(errorBody('x'));\n",
    });
    const refusals = [...output.matchAll(/(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/g)].map(
      (m) => m[1],
    );
    expect(refusals.sort()).toEqual([
      'apps/server/src/modules/pros/wrong.routes.ts',
      'apps/server/src/modules/pros/wrong.service.ts',
      'apps/server/src/modules/pros/wrong.service.ts',
    ]);
  });
});
