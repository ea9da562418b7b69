/**
 * The keys written in the source resolve: every literal key ('booking.slots.range', or the fixed
 * start of a built one, `messages.${key}`) names an English text or group, and a file that shows
 * texts of a part loaded on demand (account, home) asks for that part with usePart — else its
 * texts could be missing when it renders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PARTS, type Part } from './i18n.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

/** Every key and group path of the English texts, with the part of its top-level group. */
const paths = new Map<string, Part>();
const partOfGroup = new Map<string, Part>();
for (const part of PARTS) {
  const tree: Tree = JSON.parse(readFileSync(path.join(src, 'i18n/locales', part, 'en.json'), 'utf8'));
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      paths.set(prefix + key, part);
      paths.set((prefix + key).replace(PLURAL, ''), part);
      if (typeof value !== 'string') walk(value, `${prefix}${key}.`);
    }
  };
  walk(tree, '');
  for (const group of Object.keys(tree)) partOfGroup.set(group, part);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const groups = [...partOfGroup.keys()].join('|');
// 'group.key.path' or `group.key.${…}`: a quote, a known top-level group, a dot.
const KEY = new RegExp(`(['"\`])((?:${groups})\\.[\\w.]*)`, 'g');

/** The code without its comments (which mention keys too). */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

const usages = sources(src).map((file) => {
  const code = codeOf(file);
  // A key ending with a dot (before ${…} or a +) is the fixed start of a built one: its group.
  const keys = [...code.matchAll(KEY)].map((m) => m[2]!.replace(/\.$/, ''));
  const declared = new Set([...code.matchAll(/usePart\('(\w+)'\)/g)].map((m) => m[1]));
  return { file: path.relative(src, file), keys, declared };
});

describe('keys in the source', () => {
  it('are found in the English texts', () => {
    const unknown = usages.flatMap(({ file, keys }) =>
      keys.filter((key) => !paths.has(key)).map((key) => `${file}: ${key}`),
    );
    expect(unknown).toEqual([]);
  });

  it('of a part loaded on demand come with usePart(part) in the same file', () => {
    const undeclared = usages.flatMap(({ file, keys, declared }) => {
      const parts = new Set(keys.map((key) => partOfGroup.get(key.split('.')[0]!)));
      return [...parts]
        .filter((part) => part !== 'core' && !declared.has(part))
        .map((part) => `${file}: ${part}`);
    });
    expect(undeclared).toEqual([]);
  });
});
