import { describe, expect, it } from 'vitest';
import { sortProblemsBy, splitProblem, withoutRoot } from './server-problems.ts';

describe('server problems', () => {
  it('splits a problem at its first ": " and keeps the rest of the message whole', () => {
    expect(splitProblem('$.settings.phone: bad: really')).toEqual({
      path: '$.settings.phone',
      message: 'bad: really',
    });
    expect(splitProblem('no path here')).toEqual({ path: 'no path here', message: '' });
    expect(withoutRoot('$.settings.phone')).toBe('settings.phone');
  });

  it('names each field once, keeps the others in order, and ranks when asked', () => {
    const problems = ['b: x', 'z: unknown', 'a: y', 'b: again', 'q: other'];
    const fieldOf = (path: string) => (['a', 'b'].includes(path) ? path : undefined);
    expect(sortProblemsBy(problems, fieldOf)).toEqual({
      fields: ['b', 'a'],
      other: ['z: unknown', 'q: other'],
    });
    expect(sortProblemsBy(problems, fieldOf, { rank: (f) => (f === 'a' ? 0 : 1) }).fields).toEqual([
      'a',
      'b',
    ]);
    const objects = sortProblemsBy(
      problems,
      (path, message) => (path === 'b' ? { path, message } : undefined),
      {
        sameField: (x, y) => x.path === y.path,
      },
    );
    expect(objects.fields).toEqual([{ path: 'b', message: 'x' }]);
  });
});
