import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earlyAnswerKey } from './early-answers.ts';

describe('earlyAnswerKey', () => {
  it('ignores the api key, the order of parameters and their encoding', () => {
    expect(earlyAnswerKey('/v3/x.json', new URLSearchParams('apikey=k&results=all&a=%5B1%5D'))).toBe(
      earlyAnswerKey('/v3/x.json', new URLSearchParams('a=[1]&results=all')),
    );
  });

  it('tells calls apart by path, by any other parameter, and by a repeated value’s order', () => {
    const key = (path: string, query: string) => earlyAnswerKey(path, new URLSearchParams(query));
    expect(key('/v3/a.json', 'results=all')).not.toBe(key('/v3/b.json', 'results=all'));
    expect(key('/v3/a.json', 'results=all')).not.toBe(key('/v3/a.json', 'results=all&token=t'));
    expect(key('/v3/a.json', 'v=1&v=2')).not.toBe(key('/v3/a.json', 'v=2&v=1'));
  });

  it('is the same for any order of differently named parameters', () => {
    const params = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1 }), fc.string()), {
      selector: ([name]) => name,
    });
    fc.assert(
      fc.property(params, (list) => {
        const reversed = [...list].reverse();
        return (
          earlyAnswerKey('/p', new URLSearchParams(list)) ===
          earlyAnswerKey('/p', new URLSearchParams(reversed))
        );
      }),
    );
  });
});
