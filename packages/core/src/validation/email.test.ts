import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail, sameEmail, validateEmail, validateNewEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    'a@b.fr',
    'jean.dupont@example.com',
    'jean-marc_dupont+rdv@mail.example.co.uk',
    'UPPER@EXAMPLE.COM',
    '123@456.fr',
    'x@xn--bcher-kva.example',
    'x@example.xn--p1ai',
    'a@my-host.io',
  ])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'jean.example.com'],
    ['two @', 'a@b@example.com'],
    ['empty local part', '@example.com'],
    ['no domain', 'jean@'],
    ['no TLD', 'jean@localhost'],
    ['one-letter TLD', 'jean@example.c'],
    ['numeric TLD', 'jean@example.123'],
    ['IPv4 literal', 'jean@[192.168.0.1]'],
    ['bare IPv4', 'jean@192.168.0.1'],
    ['IPv6 literal', 'jean@[IPv6:2001:db8::1]'],
    ['leading dot in local part', '.jean@example.com'],
    ['trailing dot in local part', 'jean.@example.com'],
    ['consecutive dots in local part', 'jean..dupont@example.com'],
    ['consecutive dots in domain', 'jean@example..com'],
    ['leading dot in domain', 'jean@.example.com'],
    ['trailing dot in domain', 'jean@example.com.'],
    ['label starting with -', 'jean@-example.com'],
    ['label ending with -', 'jean@example-.com'],
    ['underscore in domain', 'jean@ex_ample.com'],
    ['unicode local part', 'jérôme@example.com'],
    ['unicode domain', 'jean@exämple.com'],
    ['cyrillic look-alike', 'jеan@example.com'],
    ['quoted local part', '"jean dupont"@example.com'],
    ['inner space', 'jean dupont@example.com'],
    ['leading space', ' jean@example.com'],
    ['trailing newline', 'jean@example.com\n'],
    ['tab', 'jean\t@example.com'],
    ['other punctuation', "jean!o'neil@example.com"],
    ['comment', 'jean(comment)@example.com'],
  ])('rejects %s', (_why, value) => {
    expect(isValidEmail(value)).toBe(false);
  });

  it('local part: at most 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('domain labels: at most 63 characters; address: at most 254', () => {
    expect(isValidEmail(`a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`a@${'b'.repeat(64)}.com`)).toBe(false);
    const labels = Array.from({ length: 4 }, () => 'c'.repeat(60)).join('.');
    const domain = `${labels}.fr`; // 4 × 60 + 3 dots + 3 = 246 characters
    expect(isValidEmail(`${'a'.repeat(7)}@${domain}`)).toBe(true); // 254
    expect(isValidEmail(`${'a'.repeat(8)}@${domain}`)).toBe(false); // 255
  });

  it('answers quickly on very long hostile input', () => {
    const hostile = `${'a.'.repeat(50_000)}@${'a-'.repeat(50_000)}`;
    const started = performance.now();
    expect(isValidEmail(hostile)).toBe(false);
    expect(isValidEmail(`a@${'a'.repeat(250)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('property: every address built from the allowed alphabet is accepted', () => {
    const atom = fc.stringMatching(/^[A-Za-z0-9_+-]{1,10}$/);
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const tld = fc.stringMatching(/^[a-z]{2,6}$/);
    fc.assert(
      fc.property(
        fc.array(atom, { minLength: 1, maxLength: 4 }),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        tld,
        (atoms, labels, top) => {
          const local = atoms.join('.');
          fc.pre(local.length <= 64);
          expect(isValidEmail(`${local}@${labels.join('.')}.${top}`)).toBe(true);
        },
      ),
    );
  });

  it('property: any character outside the alphabet in the local part is rejected', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        fc.string({ maxLength: 5 }),
        (char, rest) => {
          fc.pre(!/^[A-Za-z0-9_+.-]$/.test(char));
          expect(isValidEmail(`ab${char}${rest.replace(/@/g, '')}cd@example.com`)).toBe(false);
        },
      ),
    );
  });

  it('property: agrees with fast-check addresses that use only the spec alphabet', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (mail) => {
        const [local, domain] = mail.split('@') as [string, string];
        const specLocal = /^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*$/.test(local);
        const specTld = /\.[a-z]{2,}$/.test(domain);
        if (specLocal && specTld && mail.length <= 254) expect(isValidEmail(mail)).toBe(true);
        if (!specLocal) expect(isValidEmail(mail)).toBe(false);
      }),
    );
  });
});

describe('validateEmail and validateNewEmail', () => {
  it('gives emailValidator for an invalid address', () => {
    expect(validateEmail('nope')).toBe('emailValidator');
    expect(validateEmail('a@b.fr')).toBeNull();
  });

  it('gives emailUsing when the new address equals the current one, ignoring case', () => {
    expect(validateNewEmail('Jean@Example.com', 'jean@example.com')).toBe('emailUsing');
    expect(validateNewEmail('jean2@example.com', 'jean@example.com')).toBeNull();
    expect(validateNewEmail('jean@example.com', null)).toBeNull();
  });

  it('checks the pattern before the equality', () => {
    expect(validateNewEmail('bad', 'bad')).toBe('emailValidator');
  });
});

describe('normalizeEmail and sameEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Jean.Dupont@Example.COM ')).toBe('jean.dupont@example.com');
  });

  it('compares case-insensitively; null never matches', () => {
    expect(sameEmail('A@B.fr', ' a@b.FR')).toBe(true);
    expect(sameEmail('a@b.fr', 'a@c.fr')).toBe(false);
    expect(sameEmail(null, null)).toBe(false);
  });
});
