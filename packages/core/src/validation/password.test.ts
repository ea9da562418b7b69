import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  EMAIL_FRAGMENT_MIN_LENGTH,
  emailFragments,
  isStrongPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULES,
  validatePasswordConfirmation,
} from './password.ts';

const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

describe('checkPassword', () => {
  it('accepts a password meeting every rule', () => {
    const check = checkPassword('Correct-Horse7', 'jean.dupont@example.com');
    expect(check.valid).toBe(true);
    expect(check.failed).toEqual([]);
    expect(check.checklist.map((c) => c.rule)).toEqual([...PASSWORD_RULES]);
  });

  it('rule length: at least 10 characters, counted as code points', () => {
    expect(checkPassword('Abcdef1!x').failed).toEqual(['length']);
    expect(checkPassword('Abcdef1!xy').failed).toEqual([]);
    // 9 astral characters are 18 UTF-16 units but still only 9 characters.
    expect(checkPassword('Aa1!😀😀😀😀😀').failed).toEqual(['length']);
  });

  it('rule digit', () => {
    expect(checkPassword('Abcdefgh!x').failed).toEqual(['digit']);
  });

  it('rule lowercase and uppercase, Unicode letters included', () => {
    expect(checkPassword('ABCDEFGH1!').failed).toEqual(['lowercase']);
    expect(checkPassword('abcdefgh1!').failed).toEqual(['uppercase']);
    expect(checkPassword('ÉCOLEÉTÉ1!é').valid).toBe(true);
  });

  it('rule special: every ASCII punctuation character counts, letters, digits and spaces do not', () => {
    for (const char of ASCII_PUNCTUATION) {
      expect(checkPassword(`Abcdefgh1${char}`).failed, char).toEqual([]);
    }
    expect(checkPassword('Abcdefgh1 x').failed).toEqual(['special']);
    expect(checkPassword('Abcdefgh1€').failed).toEqual([]);
  });

  it('rule email: the local part may not appear, whatever the case', () => {
    expect(checkPassword('xxJeanDupont1!', 'jeandupont@example.com').failed).toEqual(['email']);
    expect(checkPassword('JEAN.DUPONT-9x', 'Jean.Dupont@example.com').failed).toEqual(['email']);
  });

  it('rule email: each piece of the local part of 3+ characters is forbidden too', () => {
    expect(checkPassword('Dupont!2024x', 'jean.dupont@example.com').failed).toEqual(['email']);
    expect(checkPassword('Marc!2024xyZ', 'jean-marc+news@example.com').failed).toEqual(['email']);
    expect(checkPassword('Newsletter1!', 'jean-marc+news@example.com').failed).toEqual(['email']);
  });

  it('rule email: short pieces and the domain are allowed', () => {
    expect(checkPassword('Joyeux-Noel1', 'jo.li@example.com').valid).toBe(true);
    expect(checkPassword('Example-123x', 'jean@example.com').valid).toBe(true);
  });

  it('rule email: holds when no e-mail is known', () => {
    expect(checkPassword('Correct-Horse7', null).valid).toBe(true);
    expect(checkPassword('Correct-Horse7', '').valid).toBe(true);
  });

  it('refuses passwords longer than 128 characters, outside the checklist', () => {
    const long = `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`;
    const check = checkPassword(long);
    expect(check.tooLong).toBe(true);
    expect(check.failed).toEqual([]);
    expect(check.valid).toBe(false);
    expect(checkPassword(long.slice(0, -1)).valid).toBe(true);
  });

  it('isStrongPassword agrees with checkPassword', () => {
    expect(isStrongPassword('Correct-Horse7', 'a@b.fr')).toBe(true);
    expect(isStrongPassword('correct-horse7', 'a@b.fr')).toBe(false);
  });
});

describe('emailFragments', () => {
  it('lists the local part and its pieces of 3+ characters, lower-cased, without duplicates', () => {
    expect(emailFragments('Jean-Marc.DUPONT@Example.com')).toEqual([
      'jean-marc.dupont',
      'jean',
      'marc',
      'dupont',
    ]);
    expect(emailFragments('abc@x.fr')).toEqual(['abc']);
    expect(emailFragments('ab@x.fr')).toEqual([]);
  });

  it('treats a value without @ as a local part, and the last @ as the separator', () => {
    expect(emailFragments('dupont')).toEqual(['dupont']);
    expect(emailFragments('"a@b"@x.fr')).toEqual(['"a@b"']);
  });
});

describe('confirmation rule', () => {
  it('validatePasswordConfirmation: passwordConfirm when short or different', () => {
    expect(validatePasswordConfirmation('Correct-Horse7', 'Correct-Horse7')).toBeNull();
    expect(validatePasswordConfirmation('Correct-Horse7', 'Correct-Horse8')).toBe('passwordConfirm');
    expect(validatePasswordConfirmation('short', 'short')).toBe('passwordConfirm');
  });
});

// A straightforward re-statement of the rules, character by character, to compare against.
function restated(password: string, email: string | null) {
  const chars = Array.from(password);
  const isDigit = (c: string) => /^\p{Nd}$/u.test(c);
  const isLower = (c: string) => /^\p{Ll}$/u.test(c);
  const isUpper = (c: string) => /^\p{Lu}$/u.test(c);
  const isSpecial = (c: string) => /^\p{P}$/u.test(c) || /^\p{S}$/u.test(c);
  let local = (email ?? '').trim().toLowerCase();
  if (local.includes('@')) local = local.substring(0, local.lastIndexOf('@'));
  const forbidden = [local];
  let piece = '';
  for (const c of `${local}.`) {
    if ('._+-'.includes(c)) {
      forbidden.push(piece);
      piece = '';
    } else piece += c;
  }
  const lowered = password.toLowerCase();
  const containsEmail = forbidden.some(
    (f) => Array.from(f).length >= EMAIL_FRAGMENT_MIN_LENGTH && lowered.indexOf(f) !== -1,
  );
  return {
    length: chars.length >= 10,
    digit: chars.some(isDigit),
    lowercase: chars.some(isLower),
    uppercase: chars.some(isUpper),
    special: chars.some(isSpecial),
    email: !containsEmail,
    tooLong: chars.length > 128,
  };
}

const pieces = fc.constantFrom(
  'a',
  'Z',
  '7',
  '!',
  ' ',
  '_',
  'é',
  'Ä',
  '😀',
  '€',
  '٣',
  'jean',
  'DUPONT',
  'Marc',
  'x',
  '.',
);
const password = fc.oneof(
  fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 140 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const email = fc.oneof(
  fc.constant(null),
  fc.constantFrom('jean.dupont@example.com', 'JEAN-marc+x@ex.fr', 'jo@ex.fr', 'marc', 'a.b.c@d.e'),
  fc.emailAddress(),
);

describe('checkPassword, property', () => {
  it('agrees with a straightforward re-statement of the rules', () => {
    fc.assert(
      fc.property(password, email, (pwd, mail) => {
        const expected = restated(pwd, mail);
        const check = checkPassword(pwd, mail);
        for (const { rule, ok } of check.checklist) expect(ok).toBe(expected[rule]);
        expect(check.tooLong).toBe(expected.tooLong);
        const allOk = PASSWORD_RULES.every((rule) => expected[rule]) && !expected.tooLong;
        expect(check.valid).toBe(allOk);
      }),
      { numRuns: 2000 },
    );
  });

  it('a password that embeds the local part always fails the e-mail rule', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.string(), fc.string(), (mail, before, after) => {
        const local = mail.slice(0, mail.lastIndexOf('@'));
        fc.pre([...local].length >= EMAIL_FRAGMENT_MIN_LENGTH);
        expect(checkPassword(`${before}${local.toUpperCase()}${after}`, mail).failed).toContain('email');
      }),
    );
  });
});
