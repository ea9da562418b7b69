/**
 * The person a booking is counted for by the rate limits (docs/api.md "Rate limits"): one person
 * however their e-mail or phone is spelt, and different people apart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anonymousViewer, type Viewer } from '../sessions/viewer.ts';
import { bookerKey, UNNAMED_BOOKER } from './booker.ts';

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);
const address = fc.tuple(label, label).map(([local, domain]) => `${local}@${domain}.fr`);
/** The same address as a visitor might type it: any case, spaces around. */
const spelt = (email: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: email.length, maxLength: email.length }),
      fc.constantFrom('', ' ', '  '),
    )
    .map(
      ([upper, pad]) => `${pad}${[...email].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')}${pad}`,
    );
/** A French mobile number in its national form, and the ways of writing it that say the same. */
const mobile = fc.stringMatching(/^[67][0-9]{8}$/);
const phoneSpellings = (digits: string) => [
  `0${digits}`,
  `0${digits.slice(0, 1)} ${digits.slice(1, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`,
  `+33 ${digits}`,
  `0033 ${digits}`,
  `+33 (0)${digits}`,
];

const session = (changes: Partial<Viewer>): Viewer => ({ ...anonymousViewer, ...changes });

describe('bookerKey', () => {
  it('is one key for one e-mail however it is spelt, and another for another e-mail', () => {
    fc.assert(
      fc.property(
        address.chain((email) => fc.tuple(fc.constant(email), spelt(email), spelt(email))),
        address,
        ([email, one, other], stranger) => {
          const key = (typed: string) =>
            bookerKey(anonymousViewer, { email: typed, firstphone: '0612345678' }, 'FR');
          expect(key(one)).toBe(`email:${email}`);
          expect(key(other)).toBe(key(one));
          if (stranger !== email) expect(key(stranger)).not.toBe(key(one));
        },
      ),
    );
  });

  it('is one key for one phone number however it is written, when there is no e-mail', () => {
    fc.assert(
      fc.property(mobile, mobile, (digits, otherDigits) => {
        const keys = phoneSpellings(digits).map((firstphone) =>
          bookerKey(anonymousViewer, { firstphone }, 'FR'),
        );
        expect(new Set(keys).size).toBe(1);
        expect(keys[0]).toMatch(/^phone:/);
        if (otherDigits !== digits)
          expect(bookerKey(anonymousViewer, { firstphone: `0${otherDigits}` }, 'FR')).not.toBe(keys[0]);
      }),
    );
  });

  it('counts a logged-in customer by their account e-mail, whatever the form says', () => {
    const customer = session({ type: 'user', accountId: 7, email: 'Lea@Example.fr' });
    expect(bookerKey(customer, { email: 'someone-else@example.fr' }, 'FR')).toBe('email:lea@example.fr');
    expect(bookerKey(customer, 12, 'FR')).toBe('email:lea@example.fr');
    // Single sign-on accounts may have no e-mail: the account itself.
    expect(bookerKey(session({ type: 'user', accountId: 7 }), 12, 'FR')).toBe('account:7');
  });

  it('falls back to the session’s record, then to one unnamed person', () => {
    expect(bookerKey(session({ type: 'guest', ficheId: 31 }), undefined, 'FR')).toBe('fiche:31');
    expect(bookerKey(anonymousViewer, { firstname: 'No', lastname: 'Contact' }, 'FR')).toBe(UNNAMED_BOOKER);
    expect(bookerKey(anonymousViewer, { email: 'not an address' }, 'FR')).toBe(UNNAMED_BOOKER);
  });
});
