import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../validation/phone.ts';
import { emailKey, personKeys } from './person-identity.ts';

const localPart = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/);
const domain = fc.stringMatching(/^[a-z0-9]{1,10}\.[a-z]{2,6}$/);
const spaces = fc.stringMatching(/^[ \t]{0,3}$/);

/** The same text with each letter's case chosen by the flags. */
const recase = (text: string, flags: readonly boolean[]) =>
  [...text].map((c, i) => (flags[i % Math.max(1, flags.length)] ? c.toUpperCase() : c)).join('');

describe('emailKey', () => {
  it('gives one key to an address whatever its letter case and surrounding spaces', () => {
    fc.assert(
      fc.property(
        localPart,
        domain,
        fc.array(fc.boolean(), { minLength: 1 }),
        spaces,
        spaces,
        (l, d, f, a, b) => {
          const address = `${l}@${d}`;
          expect(emailKey(`${a}${recase(address, f)}${b}`)).toBe(address);
        },
      ),
    );
  });

  it('keeps different addresses apart', () => {
    fc.assert(
      fc.property(localPart, localPart, domain, (a, b, d) => {
        fc.pre(a !== b);
        expect(emailKey(`${a}@${d}`)).not.toBe(emailKey(`${b}@${d}`));
      }),
    );
  });

  it('is null for what is not an address', () => {
    for (const value of [null, undefined, '', '   ', 'lea', 'a@b@c']) expect(emailKey(value)).toBeNull();
  });
});

/** A French mobile or landline: 0 then 9 digits. */
const frenchNational = fc.stringMatching(/^[1-9][0-9]{8}$/);
const separator = fc.constantFrom('', ' ', '.', '-', '  ', ' - ');

/** One of the ways people write +33 <nine digits>. */
function spelling(nine: string, prefix: string, sep: string): string {
  const pairs = [nine[0]!, ...(nine.slice(1).match(/../g) ?? [])];
  return `${prefix}${pairs.join(sep)}`;
}

describe('normalizePhone', () => {
  it('recognises a French number in its national and international spellings, with any separators', () => {
    fc.assert(
      fc.property(
        frenchNational,
        fc.constantFrom('0', '+33', '+33 ', '0033 ', '+33 (0)', '+33(0) ', ' 0'),
        separator,
        (nine, prefix, sep) => {
          expect(normalizePhone(spelling(nine, prefix, sep), 'FR')).toBe(`+33${nine}`);
        },
      ),
    );
  });

  it('keeps different numbers apart', () => {
    fc.assert(
      fc.property(frenchNational, frenchNational, separator, (a, b, sep) => {
        fc.pre(a !== b);
        expect(normalizePhone(spelling(a, '0', sep), 'FR')).not.toBe(
          normalizePhone(spelling(b, '+33 ', sep), 'FR'),
        );
      }),
    );
  });

  it('reads national numbers with the group’s country: a kept 0 in Italy, a dropped one in Germany', () => {
    expect(normalizePhone('02 8736 4410', 'IT')).toBe('+390287364410');
    expect(normalizePhone('+39 02 8736 4410', 'IT')).toBe('+390287364410');
    expect(normalizePhone('089 1234567', 'DE')).toBe('+49891234567');
    expect(normalizePhone('+49 89 1234567', 'FR')).toBe('+49891234567');
    // A country Créneau has no dialling rule for: the digits as typed.
    expect(normalizePhone('555-0142-77', 'US')).toBe('555014277');
  });

  it('refuses what cannot identify one person', () => {
    for (const value of [
      null,
      undefined,
      '',
      '0',
      '12345',
      'call me',
      '06 12 34 56 7x',
      '+33+6',
      '612345678',
    ])
      expect(normalizePhone(value, 'FR'), String(value)).toBeNull();
  });
});

describe('personKeys', () => {
  it('derives both keys of a record', () => {
    expect(personKeys({ email: ' Lea.Martin@Example.COM ', firstphone: '06.12.34.56.78' }, 'FR')).toEqual({
      emailKey: 'lea.martin@example.com',
      phoneKey: '+33612345678',
    });
    expect(personKeys({}, 'FR')).toEqual({ emailKey: null, phoneKey: null });
  });
});
