/**
 * The previous release's server code, taken from git, for the rolling-deploy test. "Previous
 * release" is the code just before the newest migration landed — the last code that has not seen
 * the current schema — unless PREVIOUS_RELEASE names a commit (a release tag, once there are tags).
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MIGRATIONS = 'apps/server/src/db/migrations';
/** The workspace packages the server imports, each taken from that release itself. */
const SHARED_PACKAGES = ['core', 'contract'];

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

export function previousReleaseCommit(): string {
  const named = process.env.PREVIOUS_RELEASE;
  if (named) return git('rev-parse', '--verify', `${named}^{commit}`);
  const newestMigration = git('log', '-1', '--diff-filter=A', '--format=%H', '--', MIGRATIONS);
  if (!newestMigration) throw new Error(`no commit adds a file under ${MIGRATIONS}: is the clone shallow?`);
  return git('rev-parse', '--verify', `${newestMigration}^`);
}

/** The migrations that release knows, by name. */
export function migrationsOf(commit: string): string[] {
  return git('ls-tree', '--name-only', `${commit}:${MIGRATIONS}`)
    .split('\n')
    .filter((name) => /^\d{3}-.*\.ts$/.test(name))
    .map((name) => name.replace(/\.ts$/, ''));
}

/**
 * Unpacks that release's server and shared packages into `dir`, with a node_modules of links to
 * this checkout's installed packages (its own workspace package excepted, which is its own), and a
 * launcher that starts its server on an already-open database: it must run on the schema as the new
 * release left it, without migrating it. Returns the launcher's path.
 */
export function unpackRelease(commit: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  // The shared packages that release had (the API contract came later than the first releases).
  const packages = SHARED_PACKAGES.filter(
    (name) => git('ls-tree', '--name-only', commit, `packages/${name}`) !== '',
  );
  execSync(
    `git archive --format=tar ${commit} apps/server ${packages.map((name) => `packages/${name}`).join(' ')} package.json tsconfig.base.json | tar -x -C "${dir}"`,
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@creneau'), { recursive: true });
  const ownPackages = installPackagesGoneSince(commit, dir);
  const scopesOfOwn = new Set(ownPackages.filter((name) => name.startsWith('@')).map(scopeOf));
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@creneau' || entry === '.bin' || entry.startsWith('.')) continue;
    if (scopesOfOwn.has(entry)) {
      // A scope holding a package of that release's own: its other packages linked one by one,
      // so that nothing is written into this checkout's node_modules.
      mkdirSync(path.join(modules, entry), { recursive: true });
      for (const name of readdirSync(path.join(repoRoot, 'node_modules', entry)))
        symlinkSync(path.join(repoRoot, 'node_modules', entry, name), path.join(modules, entry, name));
    } else symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const name of ownPackages)
    symlinkSync(path.join(dir, 'release-only/node_modules', name), path.join(modules, name));
  for (const name of packages)
    symlinkSync(path.join(dir, `packages/${name}`), path.join(modules, `@creneau/${name}`));
  const launcher = path.join(dir, 'launch-previous-release.ts');
  writeFileSync(
    launcher,
    `import { readConfig } from './apps/server/src/config.ts';
import { openDatabase } from './apps/server/src/db/connection.ts';
import { createServer } from './apps/server/src/server.ts';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const { app } = await createServer({ config, database, logger: { level: 'info' } });
await app.listen({ port: config.port, host: config.host });
`,
  );
  return launcher;
}

const scopeOf = (name: string) => name.split('/')[0]!;

/**
 * The server's dependencies that release had and this checkout no longer installs (a library
 * replaced since), installed for it alone under `dir/release-only` at the versions its lock file
 * names — as a real rolling deploy runs each release on its own packages. Returns their names.
 */
function installPackagesGoneSince(commit: string, dir: string): string[] {
  const manifest = JSON.parse(git('show', `${commit}:apps/server/package.json`)) as {
    dependencies?: Record<string, string>;
  };
  const gone = Object.keys(manifest.dependencies ?? {}).filter(
    (name) => !name.startsWith('@creneau/') && !existsSync(path.join(repoRoot, 'node_modules', name)),
  );
  if (gone.length === 0) return [];
  const lock = JSON.parse(git('show', `${commit}:package-lock.json`)) as {
    packages: Record<string, { version?: string }>;
  };
  const specs = gone.map((name) => `${name}@${lock.packages[`node_modules/${name}`]?.version ?? 'latest'}`);
  const prefix = path.join(dir, 'release-only');
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...specs],
    { cwd: prefix, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return gone;
}
