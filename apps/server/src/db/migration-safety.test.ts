import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnsafeChanges } from './migration-safety.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A statement as a migration would hold it, inside Kysely's sql template. */
const inSql = (statement: string) => `await sql\`${statement}\`.execute(db);`;

const UNSAFE = [
  'drop table fiches',
  'drop table if exists fiches cascade',
  'drop view busy_slots',
  'alter table accounts drop column name',
  'alter table accounts drop column if exists name',
  'alter table accounts rename column name to full_name',
  'alter table accounts rename to people',
  'alter table accounts alter column name type varchar(80)',
  'alter table accounts alter column name set data type text',
  'alter table accounts alter column name set not null',
  'alter table accounts add column nickname text not null',
  'alter table accounts add column if not exists nickname text not null',
  'drop type appointment_status',
];

const SAFE = [
  'create table notes (id serial primary key, body text not null)',
  'alter table accounts add column nickname text',
  'alter table groups add column catalogue_version bigint not null default 0',
  "alter table accounts add column locale text default 'fr' not null",
  'create index accounts_email on accounts (email)',
  'drop index mail_outbox_due',
  'alter table accounts alter column name drop not null',
  'alter table accounts drop constraint accounts_name_check',
  "alter table accounts alter column role set default 'user'",
];

/** The same statement with random letter case and runs of white space between words. */
const spelledAnyhow = (statement: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: statement.length, maxLength: statement.length }),
      fc.array(fc.constantFrom(' ', '  ', '\n  ', '\t'), { minLength: 20, maxLength: 20 }),
    )
    .map(([upper, spaces]) => {
      let gap = 0;
      return [...statement]
        .map((char, i) =>
          char === ' ' ? spaces[gap++ % spaces.length]! : upper[i] ? char.toUpperCase() : char,
        )
        .join('');
    });

describe('the additive-migration lint', () => {
  it('flags every removing or reshaping statement, however it is spelled', () => {
    for (const statement of UNSAFE) {
      fc.assert(
        fc.property(spelledAnyhow(statement), (spelled) => {
          expect(findUnsafeChanges(inSql(spelled)), spelled).not.toEqual([]);
        }),
        { numRuns: 30 },
      );
    }
  });

  it('lets additive statements through, however they are spelled', () => {
    for (const statement of SAFE) {
      fc.assert(
        fc.property(spelledAnyhow(statement), (spelled) => {
          expect(findUnsafeChanges(inSql(spelled)), spelled).toEqual([]);
        }),
        { numRuns: 30 },
      );
    }
  });

  it("flags Kysely's schema-builder forms too", () => {
    for (const call of [
      "db.schema.dropTable('notes').execute()",
      "db.schema.alterTable('accounts').dropColumn('name').execute()",
      "db.schema.alterTable('accounts').renameColumn('name', 'full_name').execute()",
      "db.schema.alterTable('accounts').renameTo('people').execute()",
      "db.schema.alterTable('accounts').alterColumn('name', (c) => c.setDataType('text')).execute()",
      "db.schema.alterTable('accounts').alterColumn('name', (c) => c.setNotNull()).execute()",
    ])
      expect(findUnsafeChanges(call), call).not.toEqual([]);
    expect(
      findUnsafeChanges("db.schema.alterTable('accounts').addColumn('nickname', 'text').execute()"),
    ).toEqual([]);
  });

  it('ignores comments, and accepts a change marked as the contract step', () => {
    expect(
      findUnsafeChanges(`// once, we would drop table fiches\n${inSql('create index a on b (c)')}`),
    ).toEqual([]);
    expect(findUnsafeChanges(`/* drop column name */ ${inSql('create index a on b (c)')}`)).toEqual([]);
    const contract = `// rolling-deploy: contract — accounts.legacy_name unused since the release before\n${inSql(
      'alter table accounts drop column legacy_name',
    )}`;
    expect(findUnsafeChanges(contract)).toEqual([]);
  });
});

describe('the migrations of this repository', () => {
  const files = readdirSync(migrationsDir)
    .filter((name) => /^\d{3}-.*\.ts$/.test(name))
    .sort();

  it('exist, numbered in order', () => {
    expect(files.length).toBeGreaterThan(1);
    expect(files.map((name) => Number(name.slice(0, 3)))).toEqual(files.map((_, i) => i + 1));
  });

  // The first one creates the schema from nothing; every later one must keep the one before working.
  it.each(files.slice(1))('%s only adds (or is marked as a contract step)', (file) => {
    expect(findUnsafeChanges(readFileSync(path.join(migrationsDir, file), 'utf8'))).toEqual([]);
  });
});
