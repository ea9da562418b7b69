import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_ID,
  readExternId,
  readFlag,
  readHttpUrl,
  readId,
  readIdOrNone,
  readInteger,
  readLabel,
  readList,
  readPrefillEntry,
  readPrefillJson,
  readToken,
} from './param-values.ts';

describe('readFlag', () => {
  it.each(['', '1', 'true', 'TRUE', 'yes', 'on', ' on '])('"%s" is true', (raw) => {
    expect(readFlag(raw)).toEqual({ ok: true, value: true });
  });
  it.each(['0', 'false', 'No', 'off'])('"%s" is false', (raw) => {
    expect(readFlag(raw)).toEqual({ ok: true, value: false });
  });
  it.each(['2', 'y', 'oui', 'null'])('"%s" is refused', (raw) => {
    expect(readFlag(raw).ok).toBe(false);
  });
});

describe('readId and readIdOrNone', () => {
  it('accepts 1…2147483647', () => {
    expect(readId('1')).toEqual({ ok: true, value: 1 });
    expect(readId(String(MAX_ID))).toEqual({ ok: true, value: MAX_ID });
    expect(readId(' 42 ')).toEqual({ ok: true, value: 42 });
  });
  it.each(['0', '-1', '2147483648', '1.0', '1e3', '0x1', '', 'abc', '12345678901'])('refuses "%s"', (raw) => {
    expect(readId(raw).ok).toBe(false);
  });
  it('"0" means no choice where allowed', () => {
    expect(readIdOrNone('0')).toEqual({ ok: true, value: null });
    expect(readIdOrNone('00')).toEqual({ ok: true, value: null });
    expect(readIdOrNone('7')).toEqual({ ok: true, value: 7 });
    expect(readIdOrNone('-0').ok).toBe(false);
  });
  it('property: every id in range reads back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ID }), (id) => {
        expect(readId(String(id))).toEqual({ ok: true, value: id });
      }),
    );
  });
});

describe('readInteger', () => {
  it('bounds', () => {
    expect(readInteger('0', 0, 10)).toEqual({ ok: true, value: 0 });
    expect(readInteger('10', 0, 10)).toEqual({ ok: true, value: 10 });
    expect(readInteger('11', 0, 10).ok).toBe(false);
    expect(readInteger('-1', 0, 10).ok).toBe(false);
  });
});

describe('readToken, readExternId, readLabel', () => {
  it('tokens: letters, digits, - and _', () => {
    expect(readToken('aB3_-x')).toEqual({ ok: true, value: 'aB3_-x' });
    expect(readToken('a b').ok).toBe(false);
    expect(readToken('<script>').ok).toBe(false);
    expect(readToken('x'.repeat(257)).ok).toBe(false);
  });
  it('externids as the configuration format defines them', () => {
    expect(readExternId('coupe-homme.2:a_b')).toEqual({ ok: true, value: 'coupe-homme.2:a_b' });
    expect(readExternId('a/b').ok).toBe(false);
    expect(readExternId('x'.repeat(65)).ok).toBe(false);
  });
  it('labels', () => {
    expect(readLabel('facebook ads')).toEqual({ ok: true, value: 'facebook ads' });
    expect(readLabel('<b>').ok).toBe(false);
  });
});

describe('readHttpUrl', () => {
  it('accepts absolute http and https URLs, normalised', () => {
    expect(readHttpUrl('https://example.com/retour?x=1')).toEqual({
      ok: true,
      value: 'https://example.com/retour?x=1',
    });
    expect(readHttpUrl('HTTP://Example.COM')).toEqual({ ok: true, value: 'http://example.com/' });
  });
  it.each([
    ['javascript:alert(1)', 'script scheme'],
    ['JaVaScRiPt:alert(1)', 'script scheme in mixed case'],
    ['data:text/html,<script>alert(1)</script>', 'data scheme'],
    ['vbscript:msgbox', 'vbscript'],
    ['ftp://example.com/', 'ftp'],
    ['//example.com/path', 'protocol-relative'],
    ['/retour', 'relative'],
    ['example.com', 'no scheme'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://bank.example@evil.example/', 'user name that looks like a host'],
    ['http://', 'no host'],
    [`https://example.com/${'a'.repeat(2048)}`, 'too long'],
  ])('refuses %s (%s)', (raw) => {
    expect(readHttpUrl(raw).ok).toBe(false);
  });
});

describe('readList', () => {
  it('reads comma lists and repeated values, without duplicates, in order', () => {
    expect(readList(['3,1', '2', '1'], readId)).toEqual({ ok: true, value: [3, 1, 2] });
    expect(readList(['1,,2, '], readId)).toEqual({ ok: true, value: [1, 2] });
  });
  it('one bad item refuses the whole list', () => {
    const read = readList(['1,x,3'], readId);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.reason).toContain('"x"');
  });
  it('an empty list and more than 20 values are refused', () => {
    expect(readList([''], readId).ok).toBe(false);
    expect(readList([Array.from({ length: 21 }, (_, i) => i + 1).join(',')], readId).ok).toBe(false);
    expect(readList([Array.from({ length: 20 }, (_, i) => i + 1).join(',')], readId).ok).toBe(true);
  });
});

describe('prefill', () => {
  it('reads a JSON object of scalar values, skipping bad entries', () => {
    expect(readPrefillJson('{"firstname":"Anne","age":33,"optin":true,"x":{"a":1},"Bad-Name":"v"}')).toEqual({
      ok: true,
      value: {
        values: { firstname: 'Anne', age: 33, optin: true },
        skipped: ['x: not a string, number or boolean', 'Bad-Name: not a field name'],
      },
    });
  });
  it('refuses JSON that is not an object', () => {
    expect(readPrefillJson('[1]').ok).toBe(false);
    expect(readPrefillJson('"x"').ok).toBe(false);
    expect(readPrefillJson('{').ok).toBe(false);
  });
  it('entries: names are field names; text at most 255 characters', () => {
    expect(readPrefillEntry('__proto__', 'x').ok).toBe(false);
    expect(readPrefillEntry('lastname', 'x'.repeat(256)).ok).toBe(false);
    expect(readPrefillEntry('lastname', 'x'.repeat(255)).ok).toBe(true);
  });
});
