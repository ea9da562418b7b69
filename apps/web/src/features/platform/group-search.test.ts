import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesGroup } from './group-search.ts';

const cafe = { name: 'Café des Arts', urlname: 'cafe-arts' };

describe('the platform search', () => {
  it('finds a group by any words of its name or url name, whatever the case and accents', () => {
    expect(matchesGroup(cafe, 'café')).toBe(true);
    expect(matchesGroup(cafe, 'CAFE arts')).toBe(true);
    expect(matchesGroup(cafe, 'cafe-arts')).toBe(true);
    expect(matchesGroup(cafe, 'des théâtre')).toBe(false);
    expect(matchesGroup(cafe, 'salon')).toBe(false);
  });

  it('an empty query, or one of spaces, keeps every group', () => {
    fc.assert(fc.property(fc.stringMatching(/^\s*$/), (blank) => matchesGroup(cafe, blank)));
  });

  it('a group always matches its own name and url name', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.stringMatching(/^[a-z0-9-]{1,20}$/),
        (name, urlname) => {
          const group = { name, urlname };
          return matchesGroup(group, name) && matchesGroup(group, urlname);
        },
      ),
    );
  });
});
