/**
 * The seams of the code (docs/server.md "Layers", docs/web-app.md "Structure"): the server's modules
 * depend on each other in one direction only, and the lint rules that keep HTTP out of services,
 * repositories out of routes, and the API and the app out of the web app's components and library
 * really bite.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const modulesDir = path.join(repoRoot, 'apps/server/src/modules');

/** The module a file belongs to (the folder under src/modules), or undefined outside them. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

describe('module dependencies', () => {
  it('form no cycle: each module only uses modules below it', () => {
    const files = sourceFilesUnder(modulesDir).filter((file) => !file.endsWith('.test.ts'));
    const graph: Graph = new Map();
    for (const [from, targets] of importGraph(files)) {
      for (const to of targets) {
        const a = moduleOf(from)!;
        const b = moduleOf(to)!;
        if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
      }
    }
    expect(graph.size).toBeGreaterThan(5);
    expect(cyclicGroups(graph).map((group) => cycleIn(graph, group).join(' → '))).toEqual([]);
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

  it('keeps the web app in its folders: ui and lib call no API and know no page, api knows no app', () => {
    const web = 'apps/web/src';
    const output = lint({
      [`${web}/ui/WrongCard.tsx`]:
        "import { useRegister } from '../api/account-register.ts';\nimport type { Group } from '../api/group.ts';\nimport { useGroupLink } from '../app/paths.ts';\n\nexport const card = (group: Group) => [group, useRegister, useGroupLink];\n",
      [`${web}/lib/wrong-helper.ts`]:
        "import { Button } from '../ui/Button.tsx';\n\nexport const helper = Button;\n",
      [`${web}/api/wrong-call.ts`]:
        "import { router } from '../app/router.tsx';\n\nexport const call = router;\n",
      [`${web}/features/right/RightPage.tsx`]:
        "import { useRegister } from '../../api/account-register.ts';\nimport { useGroupLink } from '../../app/paths.ts';\nimport { Button } from '../../ui/Button.tsx';\n\nexport const page = [useRegister, useGroupLink, Button];\n",
    });
    const refusals = [...output.matchAll(/(\S+\.tsx?):(\d+):\d+ lint\/style\/noRestrictedImports/g)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(refusals.sort()).toEqual([
      `${web}/api/wrong-call.ts:1`,
      `${web}/lib/wrong-helper.ts:1`,
      // The API's type (line 2) is allowed; its hook (line 1) and the app's helper (line 3) are not.
      `${web}/ui/WrongCard.tsx:1`,
      `${web}/ui/WrongCard.tsx:3`,
    ]);
  });
});
