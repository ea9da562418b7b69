/**
 * No React component file passes 250 lines (docs/web-app.md "Structure"): a longer one is split
 * into parts with one job each — sub-components, hooks for state and calls, pure helpers with
 * their tests. Lines are counted as `wc -l` counts them; test files are not components.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 250;

/**
 * Files allowed over the limit, by path under src/: none today, every component is split. One that
 * must pass it goes here with the reason (the last test below says when an entry is no longer needed).
 */
const ALLOWED = new Set<string>();

const src = path.dirname(fileURLToPath(import.meta.url));

/** Every component file under `dir`, as a path relative to src/ with forward slashes. */
function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(file);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')
      ? [path.relative(src, file).split(path.sep).join('/')]
      : [];
  });
}

/** The number of lines as `wc -l` gives it: the line breaks. */
function lineCount(text: string): number {
  return text.split('\n').length - 1;
}

/** The files over the limit that the allow-list does not name, "path (n lines)". */
function oversized(
  files: readonly { file: string; lines: number }[],
  allowed: ReadonlySet<string>,
): string[] {
  return files
    .filter(({ file, lines }) => lines > MAX_LINES && !allowed.has(file))
    .map(({ file, lines }) => `${file} (${lines} lines)`);
}

const measured = componentFiles(src).map((file) => ({
  file,
  lines: lineCount(readFileSync(path.join(src, file), 'utf8')),
}));

describe('component size', () => {
  it(`keeps every component file at ${MAX_LINES} lines or fewer`, () => {
    expect(oversized(measured, ALLOWED)).toEqual([]);
  });

  it('counts lines as wc -l does and names a long file that is not allowed', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(1);
    const long = 'x\n'.repeat(MAX_LINES + 1);
    expect(oversized([{ file: 'features/Long.tsx', lines: lineCount(long) }], ALLOWED)).toEqual([
      `features/Long.tsx (${MAX_LINES + 1} lines)`,
    ]);
    expect(oversized([{ file: 'features/Fits.tsx', lines: MAX_LINES }], ALLOWED)).toEqual([]);
    expect(
      oversized([{ file: 'features/Listed.tsx', lines: 600 }], new Set(['features/Listed.tsx'])),
    ).toEqual([]);
  });

  it('allows only files that still need it', () => {
    const over = new Set(measured.filter(({ lines }) => lines > MAX_LINES).map(({ file }) => file));
    expect([...ALLOWED].filter((file) => !over.has(file))).toEqual([]);
  });
});
