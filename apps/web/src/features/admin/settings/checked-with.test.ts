import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedWith } from './checked-with.ts';

describe('checkedWith', () => {
  it('adds or removes the choice and keeps the order of all choices', () => {
    expect(checkedWith(['a', 'b', 'c'], ['c'], 'a', true)).toEqual(['a', 'c']);
    expect(checkedWith(['a', 'b', 'c'], ['a', 'c'], 'a', false)).toEqual(['c']);
    expect(checkedWith(['a', 'b'], ['b'], 'b', true)).toEqual(['b']);
    expect(checkedWith(['a'], ['gone'], 'x', true)).toEqual([]);
  });

  it('holds exactly the known choices checked, the one toggled as asked', () => {
    const choices = fc.uniqueArray(fc.constantFrom<string>('a', 'b', 'c', 'd', 'e'));
    fc.assert(
      fc.property(
        choices,
        fc.array(fc.constantFrom<string>('a', 'b', 'c', 'x')),
        fc.constantFrom<string>('a', 'c', 'x'),
        fc.boolean(),
        (order, checked, choice, on) => {
          const result = checkedWith(order, checked, choice, on);
          expect(result).toEqual(order.filter((item) => result.includes(item)));
          for (const item of order)
            expect(result.includes(item)).toBe(item === choice ? on : checked.includes(item));
        },
      ),
    );
  });
});
