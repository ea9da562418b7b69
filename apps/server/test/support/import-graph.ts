/**
 * The import graph of the repository's TypeScript sources, for the tests that keep its seams
 * (test/layer-boundaries.test.ts, test/import-cycles.test.ts). Imports are read by the TypeScript
 * compiler's own pre-processor, so comments and strings never pass for imports, and every form
 * counts: `import`, `import type`, `export … from`, and `import()` — a lazy import ties two files
 * as surely as a static one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A directed graph: each file (or module) and the ones it imports. */
export type Graph = Map<string, Set<string>>;

/** The TypeScript files under a folder, tests included (nothing imports a test, so none is in a cycle). */
export function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The workspace packages' names, as the apps import them (`@creneau/core/…` is packages/core/src/…). */
const PACKAGE_SOURCES: Record<string, string> = {
  '@creneau/core': path.join(repoRoot, 'packages/core/src'),
  '@creneau/contract': path.join(repoRoot, 'packages/contract/src'),
};

/**
 * The file an import names, or undefined for an outside package or a file that is no TypeScript
 * (a style sheet, an image). Imports spell their extension (`./client.ts`); the package exports
 * map `./*` to `./src/*.ts`.
 */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  let target: string | undefined;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(fromFile), specifier);
  else {
    const [scope, name, ...rest] = specifier.split('/');
    const sources = PACKAGE_SOURCES[`${scope}/${name}`];
    if (sources && rest.length > 0) target = path.join(sources, `${rest.join('/')}.ts`);
  }
  if (!target) return undefined;
  return [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/** Every import between the given files, as a graph over them. */
export function importGraph(files: readonly string[]): Graph {
  const known = new Set(files);
  const graph: Graph = new Map(files.map((file) => [file, new Set<string>()]));
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (target && known.has(target)) graph.get(file)!.add(target);
    }
  }
  return graph;
}

/**
 * The groups of nodes that reach each other (Tarjan's strongly connected components), only those
 * that hold a cycle: more than one node, or one that imports itself.
 */
export function cyclicGroups(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/**
 * One cycle inside a cyclic group, as the list of its nodes back to the first: the shortest way from
 * the group's first node back to itself, so the message names the imports to undo.
 */
export function cycleIn(graph: Graph, group: readonly string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const way = [node];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0]!)!);
        return [...way, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
