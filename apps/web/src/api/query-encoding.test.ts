import { describe, expect, it } from 'vitest';
import { encodeQuery } from './query-encoding.ts';

describe('encodeQuery (the bracket notation the API reads)', () => {
  it('encodes lists, nested objects and skips empty values', () => {
    expect(
      encodeQuery({
        a: 1,
        ids: [1, 2],
        conditions: [{ field: 'externid', op: '=', value: 'coupe femme' }],
        empty: undefined,
        none: null,
      }),
    ).toBe(
      'a=1&ids%5B%5D=1&ids%5B%5D=2&conditions%5B0%5D%5Bfield%5D=externid&conditions%5B0%5D%5Bop%5D=%3D&conditions%5B0%5D%5Bvalue%5D=coupe%20femme',
    );
  });
});
