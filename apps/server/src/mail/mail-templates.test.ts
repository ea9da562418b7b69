import { runtimeSupports } from '@creneau/core/format/intl-locale';
import { LOCALES, type Locale } from '@creneau/core/locales';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './mail-layout.ts';
import { type MailData, type MailKind, renderMail, renderReminderSms } from './mail-templates.ts';
import type { MailMessageKey } from './messages/mail-message-keys.ts';
import { MAIL_MESSAGES } from './messages/mail-messages.ts';

const appointment = (overrides: Partial<MailData['appointment_confirmation']> = {}) => ({
  groupName: 'Salon Test',
  groupPhone: '+33 1 23 45 67 89',
  groupAddress: '1 rue de la Paix, 75002 Paris',
  timeZone: 'Europe/Paris',
  patientName: 'Jeanne Dupont',
  appointments: [
    {
      start: new Date('2026-11-23T12:00:00Z'),
      end: new Date('2026-11-23T12:45:00Z'),
      service: 'Coupe femme',
      calendar: 'Alice',
      priceCents: 4500,
      videoUrl: 'https://meet.example/room-7f3a',
    },
  ],
  totalCents: 4500,
  currency: 'EUR',
  manageLink: 'https://book.example/test-salon/appointments?token=manage-1',
  cancelLink: 'https://book.example/test-salon?cancel_apt=41&token=cancel-1',
  exportLink: 'https://book.example/test-salon?export_apt=41&token=export-1',
  comment: 'Second floor, please ring.',
  ...overrides,
});

const samples: { [K in MailKind]: MailData[K] } = {
  account_activation: {
    groupName: 'Salon Test',
    link: 'https://book.example/test-salon/login?validation_key=act-1',
  },
  password_reset: {
    groupName: 'Salon Test',
    link: 'https://book.example/test-salon/reset?key=reset-1',
    expiresInMinutes: 60,
  },
  email_change: {
    groupName: 'Salon Test',
    link: 'https://book.example/test-salon/login?temp_email=1&key=change-1',
    newEmail: 'new.address@example.com',
  },
  appointment_confirmation: appointment(),
  appointment_changed: appointment(),
  appointment_reminder: {
    ...appointment(),
    stopLink: 'https://book.example/test-salon/reminders?token=stop-1&channel=email',
  },
  appointment_cancelled: {
    groupName: 'Salon Test',
    groupPhone: '+33 1 23 45 67 89',
    timeZone: 'Europe/Paris',
    patientName: 'Jeanne Dupont',
    appointments: [{ start: new Date('2026-11-23T12:00:00Z'), service: 'Coupe femme' }],
    bookAgainLink: 'https://book.example/test-salon',
  },
  business_notice: {
    groupName: 'Salon Test',
    timeZone: 'Europe/Paris',
    event: 'created',
    customerName: 'Jeanne Dupont',
    customerPhone: '06 12 34 56 78',
    customerEmail: 'jeanne@example.com',
    appointments: [
      {
        start: new Date('2026-11-23T12:00:00Z'),
        end: new Date('2026-11-23T12:45:00Z'),
        service: 'Coupe femme',
        calendar: 'Alice',
      },
    ],
    agendaLink: 'https://book.example/test-salon/admin?date=2026-11-23',
  },
  staff_invitation: {
    groupName: 'Salon Test',
    inviter: 'Capucine Moreau',
    role: 'manager',
    link: 'https://book.example/test-salon/invitation?key=invite-1',
    days: 7,
  },
  business_welcome: {
    groupName: 'Salon Test',
    adminLink: 'https://book.example/test-salon/admin',
    bookingLink: 'https://book.example/test-salon',
  },
  waitlist_offer: {
    groupName: 'Salon Test',
    timeZone: 'Europe/Paris',
    patientName: 'Jeanne Dupont',
    service: 'Coupe femme',
    calendar: 'Alice',
    start: new Date('2026-11-23T12:00:00Z'),
    end: new Date('2026-11-23T12:45:00Z'),
    expiresAt: new Date('2026-11-23T10:00:00Z'),
    movesFrom: new Date('2026-11-30T12:00:00Z'),
    offerLink: 'https://book.example/test-salon/waitlist/offer?token=offer-1',
    leaveLink: 'https://book.example/test-salon/waitlist/leave?token=leave-1',
  },
  waitlist_gone: {
    groupName: 'Salon Test',
    timeZone: 'Europe/Paris',
    patientName: 'Jeanne Dupont',
    service: 'Coupe femme',
    start: new Date('2026-11-23T12:00:00Z'),
    leaveLink: 'https://book.example/test-salon/waitlist/leave?token=leave-1',
  },
};

const KINDS = Object.keys(samples) as MailKind[];

/** The links a kind must carry, in both parts. */
function linksOf(kind: MailKind): string[] {
  const data = samples[kind] as Record<string, unknown>;
  return [
    'link',
    'manageLink',
    'cancelLink',
    'exportLink',
    'bookAgainLink',
    'agendaLink',
    'adminLink',
    'bookingLink',
    'stopLink',
    'offerLink',
    'leaveLink',
  ]
    .map((key) => data[key])
    .filter((value): value is string => typeof value === 'string');
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const keys = Object.keys(MAIL_MESSAGES.en) as MailMessageKey[];

  it.each(LOCALES)('%s has every key, non-empty, with the same placeholders as English', (locale) => {
    const messages = MAIL_MESSAGES[locale] as Partial<Record<string, string>>;
    expect(Object.keys(messages).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const text = messages[key];
      expect(text?.trim(), `${locale}.${key}`).toBeTruthy();
      expect(placeholders(text!), `${locale}.${key}`).toEqual(placeholders(MAIL_MESSAGES.en[key]));
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s is translated, not English copied over', (locale) => {
    const copied = keys.filter((key) => MAIL_MESSAGES[locale][key] === MAIL_MESSAGES.en[key]);
    expect(copied).toEqual([]);
  });
});

describe('renderMail', () => {
  for (const kind of KINDS) {
    it.each(LOCALES)(`${kind} in %s: subject, both parts, the group name and every link`, (locale) => {
      const mail = renderMail(kind, locale, samples[kind]);
      expect(mail.subject).toContain('Salon Test');
      expect(mail.subject).not.toMatch(/[{}\r\n]/);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Salon Test');
        expect(part).not.toMatch(/\{\w+\}|undefined|NaN|\[object/);
      }
      expect(mail.html).toContain(`<html lang="${locale}">`);
      for (const link of linksOf(kind)) {
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
      }
      if (locale !== 'en') expect(mail.subject).not.toBe(renderMail(kind, 'en', samples[kind]).subject);
    });
  }

  it('writes the confirmation with its times on the group wall clock, prices, total, comment, video link', () => {
    const paris = renderMail('appointment_confirmation', 'fr', appointment());
    expect(paris.subject).toBe('Salon Test : rendez-vous confirmé le 23 nov. 2026, 13:00');
    expect(paris.text).toContain('lundi 23 novembre 2026');
    expect(paris.text).toMatch(/13:00\s*–\s*13:45/);
    expect(paris.text).toContain('Avec : Alice');
    expect(paris.text).toMatch(/Prix : 45,00\s€/);
    expect(paris.text).toMatch(/Montant total : 45,00\s€/);
    expect(paris.text).toContain('Second floor, please ring.');
    expect(paris.text).toContain('Europe/Paris');
    expect(paris.html).toContain('href="https://meet.example/room-7f3a"');

    const saoPaulo = renderMail(
      'appointment_confirmation',
      'en',
      appointment({ timeZone: 'America/Sao_Paulo' }),
    );
    expect(saoPaulo.text).toMatch(/Monday,? 23 November 2026, 09:00\s*–\s*09:45/);
    expect(saoPaulo.text).not.toContain('12:00');
  });

  it('writes a reminder with the booking, its links and the link that stops reminders; and its text message', () => {
    const mail = renderMail('appointment_reminder', 'fr', samples.appointment_reminder);
    expect(mail.subject).toBe('Salon Test\u202f: rappel de votre rendez-vous du 23 nov. 2026, 13:00');
    expect(mail.text).toContain('Ceci est un rappel de votre rendez-vous chez Salon Test.');
    expect(mail.text).toMatch(/13:00\s*–\s*13:45/);
    expect(mail.text).toContain(samples.appointment_reminder.cancelLink);
    expect(mail.text).toContain('Ne plus recevoir de rappels par e-mail');
    const sms = renderReminderSms('de', {
      groupName: 'Salon\nTest',
      timeZone: 'America/Sao_Paulo',
      start: new Date('2026-11-23T12:00:00Z'),
      manageLink: 'https://b.example/m',
      stopLink: 'https://b.example/s',
    });
    expect(sms).toBe(
      'Salon Test: Erinnerung an Ihren Termin am 23.11.2026, 09:00. Ansehen oder absagen: https://b.example/m Keine SMS mehr: https://b.example/s',
    );
  });

  it('puts a time after the spring-forward gap on the right side of it', () => {
    // 2026-03-29 01:30 UTC is 03:30 in Paris, half an hour after clocks jumped from 02:00 to 03:00.
    const mail = renderMail('appointment_cancelled', 'de', {
      ...samples.appointment_cancelled,
      appointments: [{ start: new Date('2026-03-29T01:30:00Z'), service: 'Schnitt' }],
    });
    expect(mail.text).toContain('Sonntag, 29. März 2026');
    expect(mail.text).toContain('03:30');
  });

  it('lists several appointments in time order and skips what is absent', () => {
    const mail = renderMail(
      'appointment_changed',
      'en',
      appointment({
        appointments: [
          {
            start: new Date('2026-11-24T09:00:00Z'),
            end: new Date('2026-11-24T09:30:00Z'),
            service: 'Second',
            calendar: null,
            priceCents: null,
            videoUrl: null,
          },
          {
            start: new Date('2026-11-23T09:00:00Z'),
            end: new Date('2026-11-23T09:30:00Z'),
            service: 'First',
            calendar: null,
            priceCents: null,
            videoUrl: null,
          },
        ],
        totalCents: null,
        comment: '   ',
        groupPhone: null,
        groupAddress: null,
      }),
    );
    expect(mail.text.indexOf('First')).toBeLessThan(mail.text.indexOf('Second'));
    expect(mail.subject).toContain('23 Nov 2026, 10:00');
    for (const absent of [
      'With:',
      'Price:',
      'Total amount',
      'Your comment',
      'Phone:',
      'Address:',
      'Any questions',
      'video',
    ]) {
      expect(mail.text).not.toContain(absent);
    }
  });

  it('writes Breton dates in Breton when the runtime has Breton, else in French', () => {
    const mail = renderMail('appointment_cancelled', 'br', samples.appointment_cancelled);
    const breton = runtimeSupports('br');
    expect(mail.text).toContain(breton ? 'Du 2026' : 'novembre 2026');
    expect(mail.text).toContain('Nullet eo bet');
  });

  it('refuses links that are not http(s) and appointment mails without appointments', () => {
    expect(() =>
      renderMail('account_activation', 'en', { groupName: 'X', link: 'javascript:alert(1)' }),
    ).toThrow(/http/);
    expect(() => renderMail('appointment_confirmation', 'en', appointment({ appointments: [] }))).toThrow(
      /at least one/,
    );
    expect(() =>
      renderMail('appointment_confirmation', 'en', appointment({ timeZone: 'Mars/Olympus' })),
    ).toThrow(/time zone/);
  });
});

describe('escaping user input', () => {
  const hostileGroup = 'Evil</title><script>alert(1)</script>\r\nBcc: victim@example.com';
  const hostile = {
    ...appointment(),
    groupName: hostileGroup,
    groupAddress: '<iframe src="https://evil.example">',
    patientName: '"><svg onload=alert(2)>',
    comment: '<img src=x onerror=alert(3)>\n<a href="javascript:alert(4)">click</a>',
    appointments: [
      {
        ...appointment().appointments[0]!,
        service: '<b onmouseover="alert(5)">Cut</b>',
        calendar: "Ali'ce & <Bob>",
      },
    ],
  };
  const allowedTags = new Set([
    'html',
    'head',
    'meta',
    'title',
    'style',
    'body',
    'div',
    'table',
    'tr',
    'td',
    'h1',
    'h2',
    'p',
    'a',
    'br',
    'span',
    'blockquote',
  ]);

  it.each(['en', 'fr', 'hu'] as Locale[])(
    'no tag, attribute or header comes from user input (%s)',
    (locale) => {
      const mail = renderMail('appointment_confirmation', locale, hostile);
      const tags = [...mail.html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());
      expect(tags.filter((tag) => !allowedTags.has(tag))).toEqual([]);
      for (const tag of mail.html.match(/<[^>]*>/g) ?? []) expect(tag).not.toMatch(/\son\w+=/i);
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs.every((href) => href!.startsWith('https://'))).toBe(true);
      // The hostile texts are shown, as text.
      expect(mail.html).toContain(escapeHtml('<img src=x onerror=alert(3)>'));
      expect(mail.html).toContain(escapeHtml("Ali'ce & <Bob>"));
      expect(mail.html).toContain(
        escapeHtml('Evil</title><script>alert(1)</script> Bcc: victim@example.com'),
      );
      // One line: the group name cannot add a header.
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).toContain('Evil</title><script>alert(1)</script> Bcc: victim@example.com');
    },
  );

  it('escapes the new address of an e-mail change and hostile names in account mails', () => {
    const mail = renderMail('email_change', 'de', {
      groupName: '<b>Praxis</b>',
      link: 'https://book.example/x?a=1&b=2',
      newEmail: 'a"b@example.com',
    });
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;Praxis&lt;/b&gt;');
    expect(mail.html).toContain('a&quot;b@example.com');
    expect(mail.html).toContain('href="https://book.example/x?a=1&amp;b=2"');
    expect(mail.text).toContain('https://book.example/x?a=1&b=2');
  });
});
