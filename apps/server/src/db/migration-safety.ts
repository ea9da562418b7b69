/**
 * The rolling-deploy rule for migrations, checked on their source (docs/operations.md, "Migrations
 * and rolling deploys"): a release's migrations only add — tables, nullable or defaulted columns,
 * indexes, functions — so the previous release, still serving during the deploy, keeps working on
 * the new schema. Removing or reshaping what it uses (drop, rename, a new type, NOT NULL without a
 * default) waits for a later release, once no running code needs the old shape, and is marked in
 * the migration with a `rolling-deploy: contract` comment that says why it is safe now.
 *
 * A lint, not a proof: it reads SQL text and Kysely schema-builder calls, so it catches the usual
 * forms; the previous-release test (test/rolling-deploy.integration.test.ts) checks behaviour.
 */

export interface UnsafeChange {
  rule: string;
  /** The offending text, as written. */
  text: string;
}

/** A migration that deliberately removes or reshapes (the contract step) says so and why. */
export const CONTRACT_MARKER = /rolling-deploy:\s*contract\b/i;

const NOT_NULL_WITHOUT_DEFAULT =
  'adds a NOT NULL column without a default: the previous release inserts rows without it';

const RULES: { rule: string; pattern: RegExp }[] = [
  { rule: 'drops a table the previous release reads', pattern: /\bdrop\s+table\b/gi },
  { rule: 'drops a view the previous release reads', pattern: /\bdrop\s+(?:materialized\s+)?view\b/gi },
  { rule: 'drops a column the previous release reads', pattern: /\bdrop\s+column\b/gi },
  { rule: 'drops a type the previous release uses', pattern: /\bdrop\s+type\b/gi },
  { rule: 'renames what the previous release uses by name', pattern: /\brename\s+(?:to|column)\b/gi },
  {
    rule: 'renames what the previous release uses by name',
    pattern: /\balter\s+table\s+\S+\s+rename\s+\S+\s+to\b/gi,
  },
  { rule: "changes a column's type", pattern: /\balter\s+column\s+\S+\s+(?:set\s+data\s+)?type\b/gi },
  {
    rule: 'makes a column NOT NULL that the previous release may leave empty',
    pattern: /\bset\s+not\s+null\b/gi,
  },
  // Kysely's schema builder.
  { rule: 'drops a table the previous release reads', pattern: /\.dropTable\(/g },
  { rule: 'drops a column the previous release reads', pattern: /\.dropColumn\(/g },
  { rule: 'drops a type the previous release uses', pattern: /\.dropType\(/g },
  { rule: 'renames what the previous release uses by name', pattern: /\.(?:renameColumn|renameTo)\(/g },
  { rule: "changes a column's type", pattern: /\.setDataType\(/g },
  { rule: 'makes a column NOT NULL that the previous release may leave empty', pattern: /\.setNotNull\(/g },
];

/** The unsafe changes in one migration's source; none when it is marked as a contract step. */
export function findUnsafeChanges(source: string): UnsafeChange[] {
  if (CONTRACT_MARKER.test(source)) return [];
  // Comments explain; only code counts.
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/--.*$/gm, '');
  const found: UnsafeChange[] = [];
  for (const { rule, pattern } of RULES) {
    for (const match of code.matchAll(pattern)) found.push({ rule, text: match[0].trim() });
  }
  // A column clause runs to the next comma, semicolon or end of the template.
  for (const match of code.matchAll(/\badd\s+column\b[^,;`]*/gi)) {
    if (/\bnot\s+null\b/i.test(match[0]) && !/\bdefault\b/i.test(match[0]))
      found.push({ rule: NOT_NULL_WITHOUT_DEFAULT, text: match[0].trim() });
  }
  return found;
}
