/** Queries built once per shape, their values swapped in per call (db/fixed-shape.ts). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { columnsOf, fixedShape, type Placeholders } from '../src/db/fixed-shape.ts';
import { forEachDatabase } from './support/test-db.ts';

interface Counter {
  key: string;
  failures?: number | undefined;
  window_started_at: Date;
}

forEachDatabase('queries of fixed shape', (handle) => {
  let builds = 0;
  const insert = fixedShape((db, row: Placeholders<Counter>) => {
    builds++;
    return db.insertInto('login_throttle').values(row).returning(['key', 'failures', 'window_started_at']);
  }, columnsOf);
  const byKey = fixedShape((db, p: Placeholders<{ keys: string[]; least: number }>) => {
    builds++;
    return db
      .selectFrom('login_throttle')
      .select(['key', 'failures'])
      .where(sql<boolean>`key = any(${p.keys}::text[])`)
      .where('failures', '>=', p.least)
      .orderBy('key');
  });

  it('builds once per shape and sends each call its own values', async () => {
    const db = handle().db;
    const at = new Date('2026-11-28T08:00:00Z');
    builds = 0;
    await insert.execute(db, { key: 'shape:a', failures: 3, window_started_at: at });
    await insert.execute(db, { key: 'shape:b', failures: 5, window_started_at: at });
    expect(builds).toBe(1);
    // Another set of columns is another shape: the failures column left out takes its default.
    const [defaulted] = await insert.execute(db, {
      key: 'shape:c',
      failures: undefined,
      window_started_at: at,
    });
    expect(builds).toBe(2);
    expect(defaulted).toEqual({ key: 'shape:c', failures: 0, window_started_at: at });
    expect(await byKey.execute(db, { keys: ['shape:a', 'shape:b', 'shape:c'], least: 4 })).toEqual([
      { key: 'shape:b', failures: 5 },
    ]);
    expect(await byKey.execute(db, { keys: ['shape:a', 'shape:c'], least: 0 })).toEqual([
      { key: 'shape:a', failures: 3 },
      { key: 'shape:c', failures: 0 },
    ]);
    expect(builds).toBe(3);
  });

  it('answers as the same query built by Kysely each time', async () => {
    const db = handle().db;
    const at = new Date('2026-11-28T09:00:00Z');
    await insert.execute(db, { key: 'same:a', failures: 2, window_started_at: at });
    expect(await byKey.execute(db, { keys: ['same:a'], least: 1 })).toEqual(
      await db
        .selectFrom('login_throttle')
        .select(['key', 'failures'])
        .where('key', 'in', ['same:a'])
        .execute(),
    );
  });

  it('refuses an SQL expression where a value goes, writing nothing', async () => {
    const db = handle().db;
    await insert.execute(db, { key: 'expr:a', failures: 1, window_started_at: new Date() });
    await expect(
      insert.execute(db, { key: 'expr:b', failures: 1, window_started_at: sql`now()` as unknown as Date }),
    ).rejects.toThrow(/values, not SQL expressions \(window_started_at\)/);
    expect(await byKey.execute(db, { keys: ['expr:a', 'expr:b'], least: 0 })).toEqual([
      { key: 'expr:a', failures: 1 },
    ]);
  });
});

describe('columnsOf', () => {
  it('names the columns an insert writes, leaving out undefined values', () => {
    expect(columnsOf({ a: 1, b: undefined, c: null })).toBe('a,c');
  });
});
