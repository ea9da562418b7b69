/**
 * Web bundle: the JavaScript a visitor downloads before a booking page can show (budget: 120 KB
 * gzipped, the product target, docs/benchmarks.md). Builds the web app into a temporary directory, then follows Vite's manifest from the
 * entry (index.html) through its static imports, plus the booking container, the booking step page
 * and the language file the page needs (its core texts) — the same files the browser fetches for
 * /{urlname}/book/intervention_ids, and nothing loaded later on demand (menus, popups, maps, other
 * pages, the customer area's and home page's texts). Sizes are gzip level 6, as a web server would
 * send them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writeResults } from './results.ts';

// Lowered from 150 KB once React Router left the entry (docs/decisions/018-own-router.md), then to
// the product target once TanStack Query did (docs/decisions/020-own-query-module.md): a return
// past it is a regression to look at, not noise (sizes do not depend on the machine).
const BUDGET_KB = 120;
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const outDir = mkdtempSync(path.join(tmpdir(), 'creneau-web-bundle-'));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

try {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 6 }).length;
  const raw = (file: string) => readFileSync(path.join(outDir, file)).length;

  /** The chunk's file and every file it imports statically, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    if (seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const measure = (keys: string[]) => {
    const files = new Set<string>();
    for (const key of keys) for (const file of closure(key)) files.add(file);
    const list = [...files].filter((f) => f.endsWith('.js'));
    return {
      files: list.length,
      rawKB: kb(list.reduce((sum, f) => sum + raw(f), 0)),
      gzipKB: kb(list.reduce((sum, f) => sum + gzipped(f), 0)),
      list: list.map((file) => ({ file, gzipKB: kb(gzipped(file)) })).sort((a, b) => b.gzipKB - a.gzipKB),
    };
  };

  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  // The route of a step page renders the booking container around it: both chunks load.
  const layout = 'src/features/booking/BookingLayout.tsx';
  const step = 'src/features/booking/steps/InterventionIdsPage.tsx';
  // A language's core texts (the booking flow's); English, the fallback, is fetched only when a
  // text is missing, which the locale test rules out.
  const texts = (part: string, locale: string) => `src/i18n/locales/${part}/${locale}.json`;
  const entryOnly = measure([entry]);
  // The demo salon speaks French: its booking page also loads the French texts.
  const bookingPage = measure([entry, layout, step, texts('core', 'fr')]);
  const englishBookingPage = measure([entry, layout, step, texts('core', 'en')]);
  const lazy = [
    'src/ui/MenuImpl.tsx',
    'src/app/shell/popups/Popups.tsx',
    'src/ui/LeafletMap.tsx',
    'src/features/home/HomePage.tsx',
    texts('account', 'fr'),
    texts('home', 'fr'),
  ];
  const onDemand = Object.fromEntries(
    lazy.filter((k) => manifest[k]).map((k) => [k, kb(gzipped(manifest[k]!.file))]),
  );

  const withinBudget = bookingPage.gzipKB <= BUDGET_KB;
  console.log(
    `initial JS of a booking page (fr): ${bookingPage.gzipKB} KB gzipped in ${bookingPage.files} files (${bookingPage.rawKB} KB raw)`,
  );
  console.log(`  same page in English: ${englishBookingPage.gzipKB} KB gzipped`);
  console.log(`  entry alone: ${entryOnly.gzipKB} KB gzipped`);
  for (const { file, gzipKB } of bookingPage.list)
    console.log(`    ${String(gzipKB).padStart(6)} KB  ${file}`);
  console.log(`  loaded on demand (KB gzipped): ${JSON.stringify(onDemand)}`);
  console.log(`budget ${BUDGET_KB} KB: ${withinBudget ? 'OK' : 'EXCEEDED'}`);

  writeResults('web-bundle', {
    budgetKB: BUDGET_KB,
    withinBudget,
    bookingPage: { gzipKB: bookingPage.gzipKB, rawKB: bookingPage.rawKB, files: bookingPage.list },
    englishBookingPage: { gzipKB: englishBookingPage.gzipKB },
    entry: { gzipKB: entryOnly.gzipKB },
    onDemandGzipKB: onDemand,
  });
  if (!withinBudget) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
