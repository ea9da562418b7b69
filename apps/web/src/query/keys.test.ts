/** Query keys (docs/decisions/020-own-query-module.md): hashing, prefix matching, keeping equal parts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashKey, keepEqual, matchesKey } from './keys.ts';

const element = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ minLength: 1 }), fc.oneof(fc.integer(), fc.string(), fc.array(fc.integer()))),
);
const key = fc.array(element, { maxLength: 5 });

describe('hashKey', () => {
  it('ignores the order of an object’s fields, not the order of the key’s elements', () => {
    expect(hashKey(['slots', { a: 1, b: 2 }])).toBe(hashKey(['slots', { b: 2, a: 1 }]));
    expect(hashKey([1, 2])).not.toBe(hashKey([2, 1]));
  });

  it('gives equal keys the same hash and different keys different hashes', () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        const same = JSON.stringify(a) === JSON.stringify(b);
        if (same) expect(hashKey(a)).toBe(hashKey(b));
        else
          expect(hashKey(a) === hashKey(b)).toBe(
            matchesKey(a, b) && matchesKey(b, a) && a.length === b.length,
          );
      }),
    );
  });
});

describe('matchesKey', () => {
  it('covers a key by each of its prefixes', () => {
    fc.assert(
      fc.property(key, fc.nat(), (k, cut) => {
        expect(matchesKey(k, k.slice(0, cut % (k.length + 1)))).toBe(true);
      }),
    );
  });

  it('does not cover a key that differs in one element of the filter', () => {
    fc.assert(
      fc.property(
        key.filter((k) => k.length > 0),
        fc.nat(),
        fc.string(),
        (k, at, other) => {
          const place = at % k.length;
          fc.pre(JSON.stringify(k[place]) !== JSON.stringify(`~${other}`));
          const filter = k.slice(0, place + 1);
          filter[place] = `~${other}`;
          expect(matchesKey(k, filter)).toBe(false);
        },
      ),
    );
  });

  it('matches an object of the filter by its own fields, as TanStack Query does', () => {
    expect(matchesKey(['slots', 5, { start: 'x', n: 7 }], ['slots', 5, { start: 'x' }])).toBe(true);
    expect(matchesKey(['slots', 5, { start: 'x' }], ['slots', 5, { start: 'y' }])).toBe(false);
    expect(matchesKey(['slots', 5], ['slots', 5, 'more'])).toBe(false);
    expect(matchesKey(['session', null], ['session'])).toBe(true);
  });
});

describe('keepEqual', () => {
  const json = fc.jsonValue();

  it('answers a value deep-equal to the new one', () => {
    fc.assert(
      fc.property(json, json, (old, next) => {
        expect(keepEqual(old, next)).toEqual(next);
      }),
    );
  });

  it('answers the old value itself when nothing changed', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(keepEqual(value, structuredClone(value))).toBe(value);
      }),
    );
  });

  it('keeps the unchanged parts of a changed answer', () => {
    const old = { list: [{ id: 1 }, { id: 2 }], total: 2 };
    const next = keepEqual(old, { list: [{ id: 1 }, { id: 2 }], total: 3 });
    expect(next).not.toBe(old);
    expect(next.list).toBe(old.list);
  });
});
