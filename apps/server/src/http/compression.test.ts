import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickEncoding } from './compression.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('never picks an encoding the header refuses or does not name', () => {
    const entry = fc.record({
      name: fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd'),
      q: fc.option(fc.constantFrom('0', '0.0', '0.5', '1')),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => e.name, maxLength: 6 }), (entries) => {
        const header = entries.map((e) => (e.q === null ? e.name : `${e.name};q=${e.q}`)).join(', ');
        const weight = (name: string) => {
          const e = entries.find((x) => x.name === name) ?? entries.find((x) => x.name === '*');
          return e ? Number(e.q ?? 1) : 0;
        };
        const picked = pickEncoding(header);
        if (picked) expect(weight(picked)).toBeGreaterThan(0);
        if (weight('br') > 0) expect(picked).toBe('br');
        else if (weight('gzip') > 0) expect(picked).toBe('gzip');
        else expect(picked).toBeUndefined();
      }),
    );
  });
});
