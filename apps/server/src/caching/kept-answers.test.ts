import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeptAnswers, keptAnswer } from './kept-answers.ts';

const BUDGET = 100;

type Step =
  | { kind: 'keep'; key: string; size: number; stamp: number }
  | { kind: 'find'; key: string; current: number }
  | { kind: 'encode'; key: string; size: number };

/** The same store as a plain list, oldest first: what KeptAnswers must behave like. */
interface ModelEntry {
  key: string;
  stamp: number;
  bytes: number;
}

function evict(model: ModelEntry[]): void {
  let total = model.reduce((sum, entry) => sum + entry.bytes, 0);
  while (total > BUDGET && model.length > 0) total -= model.shift()!.bytes;
}

describe('KeptAnswers', () => {
  it('behaves like a least-recently-used list within its byte budget, whatever is kept, found and compressed', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('keep' as const),
        key,
        size: fc.integer({ min: 1, max: 60 }),
        stamp: fc.nat(3),
      }),
      fc.record({ kind: fc.constant('find' as const), key, current: fc.nat(3) }),
      fc.record({ kind: fc.constant('encode' as const), key, size: fc.integer({ min: 1, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const store = new KeptAnswers<number>(BUDGET);
        let model: ModelEntry[] = [];
        let hits = 0;
        let misses = 0;
        for (const s of steps) {
          if (s.kind === 'keep') {
            store.keep(s.key, s.stamp, keptAnswer('x'.repeat(s.size)));
            model = model.filter((entry) => entry.key !== s.key);
            model.push({ key: s.key, stamp: s.stamp, bytes: s.size });
            evict(model);
          } else if (s.kind === 'find') {
            // An entry is current when its stamp is at least the asked one.
            const found = store.find(s.key, (stamp) => stamp >= s.current);
            const entry = model.find((e) => e.key === s.key);
            model = model.filter((e) => e.key !== s.key);
            if (entry && entry.stamp >= s.current) {
              hits++;
              model.push(entry);
              expect(found?.json.length).toBeGreaterThan(0);
            } else {
              misses++;
              expect(found).toBeUndefined();
            }
          } else {
            const entry = model.find((e) => e.key === s.key);
            const answer = store.find(s.key, () => true);
            if (entry) {
              hits++;
              model = [...model.filter((e) => e !== entry), entry];
              if (!answer!.encoded.has('br')) {
                store.addEncoded(answer!, 'br', Buffer.alloc(s.size));
                entry.bytes += s.size;
                evict(model);
              }
            } else {
              misses++;
            }
          }
          const stats = store.stats;
          expect(stats.bytes).toBe(model.reduce((sum, entry) => sum + entry.bytes, 0));
          expect(stats.bytes).toBeLessThanOrEqual(BUDGET);
          expect(stats.entries).toBe(model.length);
          expect([stats.hits, stats.misses]).toEqual([hits, misses]);
        }
      }),
    );
  });

  it('does not count the compressed form of an answer it no longer holds', () => {
    const store = new KeptAnswers<number>(BUDGET);
    const answer = keptAnswer('x'.repeat(10));
    store.keep('a', 1, answer);
    store.clear();
    store.addEncoded(answer, 'gzip', Buffer.alloc(50));
    expect(store.stats).toMatchObject({ entries: 0, bytes: 0 });
  });
});
