import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MailData, renderMail } from './mail-templates.ts';
import { unlinkable } from './unlinkable-text.ts';

/** What mail programs turn into links on their own: a scheme, www., an e-mail address, a domain. */
const AUTOLINKED = /[a-z][a-z0-9+.-]*:\/\/|www\.|[^\s@[\]]+@[^\s@[\]]+|[\p{L}\p{N}-]+\.\p{L}{2,}/iu;

const linkish = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.emailAddress(),
  fc.domain(),
  fc.domain().map((d) => `www.${d}`),
);
const words = fc.string({ maxLength: 20 }).filter((s) => !/[.@:]/.test(s));

describe('unlinkable', () => {
  it('leaves nothing a mail program would turn into a link', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(linkish, words), { maxLength: 6 }), (parts) => {
        const text = parts.join(' ');
        expect(unlinkable(text)).not.toMatch(AUTOLINKED);
      }),
    );
  });

  it('keeps text without addresses as it was, and addresses readable', () => {
    fc.assert(
      fc.property(words, (text) => {
        expect(unlinkable(text)).toBe(text);
      }),
    );
    expect(unlinkable('Please see https://evil.example/login now')).toBe(
      'Please see https[:]//evil[.]example/login now',
    );
    expect(unlinkable('Write to me@mail.example or www.x.example')).toBe(
      'Write to me[at]mail[.]example or www[.]x[.]example',
    );
    expect(unlinkable('Jean-Pierre, 2nd floor. Ring twice.')).toBe('Jean-Pierre, 2nd floor. Ring twice.');
  });
});

describe('booker text in booking mails', () => {
  const data: MailData['appointment_confirmation'] = {
    groupName: 'Salon Test',
    groupPhone: null,
    groupAddress: null,
    timeZone: 'Europe/Paris',
    patientName: 'Your bank evil.example',
    appointments: [
      {
        start: new Date('2026-11-23T12:00:00Z'),
        end: new Date('2026-11-23T12:45:00Z'),
        service: 'Coupe',
        calendar: null,
        priceCents: null,
        videoUrl: null,
      },
    ],
    totalCents: null,
    currency: 'EUR',
    manageLink: 'https://book.example/s/appointments?ficheKey=m',
    cancelLink: 'https://book.example/s/appointments?ficheKey=c',
    exportLink: 'https://book.example/s/appointments?ficheKey=e',
    comment: 'Account locked: log in at https://evil.example/login or mail help@evil.example',
  };

  for (const kind of ['appointment_confirmation', 'appointment_changed'] as const) {
    it(`${kind}: the name and comment appear as plain text, no link to the booker's addresses`, () => {
      const mail = renderMail(kind, 'en', data);
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).toContain('evil[.]example');
      }
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs.every((href) => href!.startsWith('https://book.example/'))).toBe(true);
    });
  }

  it('the cancellation notice greets with the defanged name', () => {
    const mail = renderMail('appointment_cancelled', 'en', {
      groupName: 'Salon Test',
      groupPhone: null,
      timeZone: 'Europe/Paris',
      patientName: 'visit evil.example',
      appointments: [{ start: new Date('2026-11-23T12:00:00Z'), service: 'Coupe' }],
      bookAgainLink: 'https://book.example/s',
    });
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
  });
});
