#!/usr/bin/env node
// Merges partial translation trees into the 13 locale files in one step, so several engineers can
// add keys at the same time without losing each other's: run it under `flock /tmp/creneau-i18n.lock`.
//   node scripts/i18n-merge.mjs DIR      DIR holds <lang>.json files with only the keys to add or change
// Every language of the project must be present in DIR, so the files never disagree on their keys.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGS = ['br', 'cs', 'de', 'en', 'es', 'fr', 'hr', 'hu', 'it', 'nl', 'pl', 'pt', 'sk'];
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/i18n/locales');
const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/i18n-merge.mjs DIR');
  process.exit(2);
}
const given = readdirSync(source)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const missing = LANGS.filter((lang) => !given.includes(lang));
if (missing.length) {
  console.error(`missing languages in ${source}: ${missing.join(', ')}`);
  process.exit(1);
}

function merge(target, patch, trail) {
  for (const [key, value] of Object.entries(patch)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof target[key] === 'string') throw new Error(`${trail}${key} is a text, not a group`);
      target[key] ??= {};
      merge(target[key], value, `${trail}${key}.`);
    } else {
      if (target[key] && typeof target[key] === 'object')
        throw new Error(`${trail}${key} is a group, not a text`);
      target[key] = value;
    }
  }
}

const merged = LANGS.map((lang) => {
  const file = path.join(localesDir, `${lang}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  merge(current, JSON.parse(readFileSync(path.join(source, `${lang}.json`), 'utf8')), '');
  return [file, current];
});
// Written only once every language merged cleanly.
for (const [file, content] of merged) writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
console.log(`merged ${given.length} languages into ${localesDir}`);
