#!/usr/bin/env node
// Merges partial translation trees into the locale files in one step, so several engineers can
// add keys at the same time without losing each other's: run it under `flock /tmp/creneau-i18n.lock`.
//   node scripts/i18n-merge.mjs DIR      DIR holds <lang>.json files with only the keys to add or change
// Every language of the project must be present in DIR, so the files never disagree on their keys.
// The texts are split into parts (apps/web/src/i18n/locales/<part>/<lang>.json, see i18n.ts): each
// top-level group goes to the part whose English file holds it; a new group goes to core.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGS = ['br', 'cs', 'de', 'en', 'es', 'fr', 'hr', 'hu', 'it', 'nl', 'pl', 'pt', 'sk'];
const NEW_GROUPS_PART = 'core';
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

const parts = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** Top-level group → part, from the English files. */
const partOf = new Map(
  parts.flatMap((part) =>
    Object.keys(readJson(path.join(localesDir, part, 'en.json'))).map((g) => [g, part]),
  ),
);

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

const files = new Map(); // path → content, every file touched
for (const lang of LANGS) {
  const patch = readJson(path.join(source, `${lang}.json`));
  for (const [group, value] of Object.entries(patch)) {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new Error(`${lang}.json: ${group} must be a group of texts`);
    const part = partOf.get(group) ?? NEW_GROUPS_PART;
    if (!partOf.has(group) && lang === 'en') console.log(`new group ${group}: goes to ${part}`);
    const file = path.join(localesDir, part, `${lang}.json`);
    if (!files.has(file)) files.set(file, readJson(file));
    merge(files.get(file), { [group]: value }, '');
  }
}
// Written only once every language merged cleanly.
for (const [file, content] of files) writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
console.log(`merged ${given.length} languages into ${files.size} files under ${localesDir}`);
