/**
 * React Aria puts a hidden "dismiss" button at each end of a popover and a dismissable modal, for
 * screen-reader users who cannot press Escape. Its label comes from React Aria's own dictionary,
 * whose word is wrong for a close button in most of our languages (French "Rejeter" = reject,
 * Dutch "Negeren" = ignore, Czech "Odstranit" = remove…) and missing in Breton. This plugin hands
 * the button our own `common.close` text in each language instead (docs/web-app.md "Texts from
 * libraries"), so there is one translation of "Close" and it is ours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/i18n/locales/core');
const VIRTUAL_ID = '\0creneau-dismiss-label';

/** `{ fr: { dismiss: 'Fermer' }, … }`, plus `en-US`, React Aria's fallback for a locale it lacks. */
export function dismissLabels(dir = coreDir): Record<string, { dismiss: string }> {
  const labels: Record<string, { dismiss: string }> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const texts = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { common: { close: string } };
    labels[path.basename(file, '.json')] = { dismiss: texts.common.close };
  }
  labels['en-US'] = labels.en!;
  return labels;
}

/** True for React Aria's DismissButton module, whatever the path it is installed under. */
const isDismissButton = (importer: string | undefined) =>
  importer !== undefined &&
  /[\\/]react-aria[\\/]dist[\\/].*[\\/]overlays[\\/]DismissButton\.m?js$/.test(importer);

export function dismissLabel(): Plugin {
  return {
    name: 'creneau-dismiss-label',
    enforce: 'pre',
    resolveId(source, importer) {
      return source.endsWith('intlStrings.mjs') && isDismissButton(importer) ? VIRTUAL_ID : null;
    },
    load(id) {
      return id === VIRTUAL_ID ? `export default ${JSON.stringify(dismissLabels())};` : null;
    },
  };
}
