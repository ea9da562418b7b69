import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database, GroupRow } from '../../db/database.ts';
import { catalogueCache } from './catalogue-cache.ts';

const db = {} as Kysely<Database>;
const otherDb = {} as Kysely<Database>;
const group = (id: number, version: string) => ({ id, catalogue_version: version }) as GroupRow;

function counter() {
  let calls = 0;
  return {
    load: (value: string) => () => {
      calls++;
      return Promise.resolve(value);
    },
    get calls() {
      return calls;
    },
  };
}

describe('catalogueCache', () => {
  it('serves a value while the group row’s version and the variant match, and loads again when either moves', async () => {
    const cache = catalogueCache<string>();
    const loads = counter();
    expect(await cache.get(db, group(1, '7'), 'Europe/Paris', loads.load('a'))).toBe('a');
    expect(await cache.get(db, group(1, '7'), 'Europe/Paris', loads.load('b'))).toBe('a');
    expect(loads.calls).toBe(1);
    expect(await cache.get(db, group(1, '8'), 'Europe/Paris', loads.load('c'))).toBe('c');
    expect(await cache.get(db, group(1, '8'), 'America/Montreal', loads.load('d'))).toBe('d');
    expect(loads.calls).toBe(3);
  });

  it('keeps groups and databases apart', async () => {
    const cache = catalogueCache<string>();
    const loads = counter();
    await cache.get(db, group(1, '1'), '', loads.load('group 1'));
    expect(await cache.get(db, group(2, '1'), '', loads.load('group 2'))).toBe('group 2');
    expect(await cache.get(otherDb, group(1, '1'), '', loads.load('other database'))).toBe('other database');
    expect(await cache.get(db, group(1, '1'), '', loads.load('again'))).toBe('group 1');
  });

  it('does not keep a failed load', async () => {
    const cache = catalogueCache<string>();
    await expect(cache.get(db, group(1, '1'), '', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get(db, group(1, '1'), '', () => Promise.resolve('up'))).toBe('up');
  });

  it('shares one load between concurrent requests', async () => {
    const cache = catalogueCache<string>();
    const loads = counter();
    const both = await Promise.all([
      cache.get(db, group(1, '1'), '', loads.load('first')),
      cache.get(db, group(1, '1'), '', loads.load('second')),
    ]);
    expect(both).toEqual(['first', 'first']);
    expect(loads.calls).toBe(1);
  });
});
