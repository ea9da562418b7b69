/**
 * Emits `page-texts.json`: the few texts the server writes into a page's first HTML, before any
 * script runs (docs/web-app.md "First paint") — the loading message and the title and description
 * texts, per language, taken from the app's own locale files so there is one translation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

type Texts = { [key: string]: string | Texts };

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/i18n/locales/core');

/** The texts the server needs, per language. */
export function collectPageTexts(dir = coreDir): Record<string, Texts> {
  const result: Record<string, Texts> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const texts = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Texts;
    const common = texts.common as Texts;
    result[path.basename(file, '.json')] = { common: { loading: common.loading! }, seo: texts.seo! };
  }
  return result;
}

export function pageTexts(): Plugin {
  return {
    name: 'creneau-page-texts',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'page-texts.json',
        source: JSON.stringify(collectPageTexts()),
      });
    },
  };
}
