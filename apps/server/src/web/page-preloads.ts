/**
 * The links that let a page's first HTML start its downloads in parallel (docs/web-app.md "First
 * paint"). Left alone, the browser finds them one after the other: the entry script, then the
 * language file it imports, then the page's chunk once the group is known, then the home page's
 * photo once the mini-site's settings are in. From the build's manifest (Vite's
 * .vite/manifest.json: source file → its chunk, the chunks it imports and its styles) this names the
 * planned page's chunks, its styles and its language files, the booking summary beside a step once
 * a service is chosen, and the home page's first photo.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlannedPage } from './page-plan.ts';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(distDir: string): BuildManifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : null;
}

export interface PreloadInput {
  locale: string;
  page: PlannedPage | null;
  /** The page's largest image, shown at once (the home page's first photo). */
  image: string | null;
}

/** snake_case step name → the step page's source (features/booking/step-pages.ts names them so). */
function stepSource(step: string): string {
  const pascal = step
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return `src/features/booking/steps/${pascal}Page.tsx`;
}

/** The sources the page needs beyond the entry, in the order it asks for them. */
function pageSources(input: PreloadInput): string[] {
  const sources = [`src/i18n/locales/core/${input.locale}.json`];
  if (input.page?.kind === 'home') {
    sources.push('src/features/home/HomePage.tsx', `src/i18n/locales/home/${input.locale}.json`);
  } else if (input.page?.kind === 'step') {
    sources.push('src/features/booking/BookingLayout.tsx', stepSource(input.page.step));
    // Lazy in the booking container, yet drawn with the step: asked for now, it does not wait
    // for the container's code to run (docs/benchmarks.md § Lighthouse).
    if (input.page.summary) sources.push('src/features/booking/summary/BookingSummary.tsx');
  }
  return sources;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chunk files and style files of these sources and of every chunk they import (the entry excepted: it is loading). */
export function preloadFiles(
  manifest: BuildManifest,
  sources: readonly string[],
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The `<link>` tags for the page, to go at the end of `<head>`. */
export function preloadTags(manifest: BuildManifest | null, input: PreloadInput): string {
  const tags: string[] = [];
  // The photo first: it is what the visitor waits for, and nothing else is on its path.
  if (input.image) {
    tags.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(input.image)}">`);
  }
  if (manifest) {
    const { scripts, styles } = preloadFiles(manifest, pageSources(input));
    // `crossorigin` as on the entry script and on the links Vite adds itself, so each download is
    // the one later used, not a second copy.
    for (const file of scripts)
      tags.push(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
    for (const file of styles)
      tags.push(`<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}">`);
  }
  return tags.join('');
}
