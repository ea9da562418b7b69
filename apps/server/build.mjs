/**
 * The production build: the server's TypeScript (and the shared @creneau/core it imports) bundled by
 * esbuild into plain JavaScript under apps/server/dist, so production starts it with `node` alone —
 * no TypeScript loader at run time. Third-party packages stay external: Node loads them from
 * node_modules as usual (PGlite finds its WebAssembly files beside its own module, argon2 its
 * native binary). Type checking is `npm run typecheck`'s job, not this one's.
 *
 * Usage: node apps/server/build.mjs [outdir]
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(serverDir, 'dist'));

/** Bare imports of other packages stay imports; only our own workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@creneau/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'group.cli': path.join(serverDir, 'src/cli/group.cli.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  splitting: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.info(
  `server built into ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
