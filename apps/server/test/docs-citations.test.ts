/**
 * The project stands on its own (docs/requirements/README.md): code and docs cite the repository's
 * own documents — never a specification, a design note or an issue kept elsewhere — and every
 * citation names a document, a section or a heading that exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Citations of things outside the repository. */
const OUTSIDE = [/\bspec 00\d\b/i, /\bARCHITECTURE(\.md)?\b/, /\.\.\/shared\b/, /\bissues? #?\d+\b/i];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function headingsOf(file: string): { sections: Set<string>; anchors: Set<string> } {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const sections = new Set<string>();
  const anchors = new Set<string>();
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
    anchors.add(slug(match[1]!));
    const numbered = /^(\d+)\./.exec(match[1]!);
    if (numbered) sections.add(numbered[1]!);
  }
  return { sections, anchors };
}

/** The problems of one file's text: outside citations and citations of what does not exist. */
function problemsIn(file: string, text: string, exists: (doc: string) => boolean): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const pattern of OUTSIDE) if (pattern.test(line)) problems.push(`${where}: cites ${pattern}`);
    for (const match of line.matchAll(
      /\bdocs\/([\w./-]+\.md)(?:#([\w-]+)|((?: ?[,;]? ?(?:and )?§\d+)+))?/g,
    )) {
      const doc = `docs/${match[1]}`;
      if (!exists(doc)) {
        problems.push(`${where}: ${doc} does not exist`);
        continue;
      }
      const { sections, anchors } = headingsOf(doc);
      if (match[2] && !anchors.has(match[2])) problems.push(`${where}: ${doc} has no heading #${match[2]}`);
      for (const section of (match[3] ?? '').matchAll(/§(\d+)/g))
        if (!sections.has(section[1]!)) problems.push(`${where}: ${doc} has no section §${section[1]}`);
    }
  });
  return problems;
}

describe('citations', () => {
  it('are caught when they point outside the repository or at nothing', () => {
    const exists = (doc: string) => existsSync(path.join(repoRoot, doc));
    const problems = problemsIn(
      'example.ts',
      [
        '// The rule (spec 001 §4) and the design (ARCHITECTURE.md "Storage"), see issue 12.',
        '// docs/requirements/booking-flow.md §2, §42 and docs/no-such-doc.md; docs/api.md#no-such-heading',
        '// docs/requirements/accounts-and-appointments.md §5 and docs/api.md#errors are fine.',
      ].join('\n'),
      exists,
    );
    expect(problems).toEqual([
      'example.ts:1: cites /\\bspec 00\\d\\b/i',
      'example.ts:1: cites /\\bARCHITECTURE(\\.md)?\\b/',
      'example.ts:1: cites /\\bissues? #?\\d+\\b/i',
      'example.ts:2: docs/requirements/booking-flow.md has no section §42',
      'example.ts:2: docs/no-such-doc.md does not exist',
      'example.ts:2: docs/api.md has no heading #no-such-heading',
    ]);
  });

  it('in the repository all point at its own documents, which exist', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|js|mjs|css|md|sh|json|yml|yaml)$/.test(file))
      .filter((file) => !file.endsWith('package-lock.json') && !file.endsWith('docs-citations.test.ts'))
      .filter((file) => existsSync(path.join(repoRoot, file)));
    expect(files.length).toBeGreaterThan(100);
    const exists = (doc: string) => existsSync(path.join(repoRoot, doc));
    const problems = files.flatMap((file) =>
      problemsIn(file, readFileSync(path.join(repoRoot, file), 'utf8'), exists),
    );
    expect(problems).toEqual([]);
  });
});
