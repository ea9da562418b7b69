/**
 * No two files import each other, even in a roundabout way (docs/server.md "Layers", docs/web-app.md
 * "Structure"): each file stands above what it uses, so it can be read, tested and moved with its
 * imports alone. A cycle is broken by moving the shared piece where it belongs — a type into a
 * types module, a function into the lower layer — never by a lazy `import()`, which counts here
 * like any other import.
 *
 * Type-only imports count too: `import type` vanishes from the built code, but it still ties the two
 * files' meaning together — a file cannot be understood, or moved to another package, without the
 * one whose type it takes. A type that two files both need belongs in a third.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cycleIn,
  cyclicGroups,
  type Graph,
  importGraph,
  repoRoot,
  sourceFilesUnder,
} from './support/import-graph.ts';

const SOURCE_FOLDERS = ['apps/server/src', 'apps/web/src', 'packages/core/src', 'packages/contract/src'];

const graphOf = (edges: [string, string][]): Graph => {
  const graph: Graph = new Map();
  for (const [a, b] of edges) {
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
    if (!graph.has(b)) graph.set(b, new Set());
  }
  return graph;
};

describe('finding cycles', () => {
  it('finds none in a chain or a diamond', () => {
    const graph = graphOf([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'd'],
      ['c', 'd'],
    ]);
    expect(cyclicGroups(graph)).toEqual([]);
  });

  it('finds each cycle once, with a way round it, and a file importing itself', () => {
    const graph = graphOf([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'd'],
      ['f', 'f'],
    ]);
    const groups = cyclicGroups(graph);
    expect(groups.map((group) => group.join(' ')).sort()).toEqual(['a b c', 'd e', 'f']);
    expect(groups.map((group) => cycleIn(graph, group).join(' → ')).sort()).toEqual([
      'a → b → c → a',
      'd → e → d',
      'f → f',
    ]);
  });
});

describe('the import graph', () => {
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFilesUnder(path.join(repoRoot, folder)));
  const graph = importGraph(files);
  const name = (file: string) => path.relative(repoRoot, file);

  it('reads every kind of import, across the workspace packages too', () => {
    const edges = (file: string) => [...(graph.get(path.join(repoRoot, file)) ?? [])].map(name);
    // A type-only import, a value import, a lazy import() and a workspace package (`@creneau/core/locales`).
    expect(edges('apps/server/src/app-context.ts')).toContain('apps/server/src/config.ts');
    expect(edges('apps/web/src/ui/Menu.tsx')).toContain('apps/web/src/ui/MenuImpl.tsx');
    expect(edges('apps/server/src/mail/mail-templates.ts')).toContain(
      'apps/server/src/mail/messages/mail-messages.ts',
    );
    expect(edges('apps/server/src/mail/messages/mail-messages.ts')).toContain('packages/core/src/locales.ts');
    expect(files.length).toBeGreaterThan(500);
  });

  it('has no cycle', () => {
    const cycles = cyclicGroups(graph).map((group) => {
      const cycle = cycleIn(graph, group);
      const knot =
        group.length > cycle.length - 1
          ? `\n  (one way round ${group.length} files that all reach each other)`
          : '';
      return `${cycle.map(name).join('\n  → ')}${knot}`;
    });
    expect(cycles, `import cycles:\n${cycles.join('\n\n')}`).toEqual([]);
  });
});
