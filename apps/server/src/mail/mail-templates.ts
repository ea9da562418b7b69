/**
 * The mails Créneau sends, in the 13 interface languages, with the group's name and the
 * appointment times on the group's wall clock. Callers render, then enqueue the result
 * (outbox.ts) in the transaction that causes the mail.
 */
import type { Locale } from '@creneau/core/locales';
import type { MailBrand } from './mail-brand.ts';
import { formatMoney, formatShortDateTime, formatStart, formatTimeRange } from './mail-format.ts';
import { type AppointmentEntry, type MailBlock, renderDocument } from './mail-layout.ts';
import type { MailMessageKey } from './messages/mail-message-keys.ts';
import { MAIL_MESSAGES } from './messages/mail-messages.ts';
import { oneLine } from './outbox.ts';
import { unlinkable } from './unlinkable-text.ts';

export type MailKind =
  | 'account_activation'
  | 'password_reset'
  | 'email_change'
  | 'appointment_confirmation'
  | 'appointment_changed'
  | 'appointment_cancelled'
  | 'appointment_reminder'
  | 'business_notice'
  | 'staff_invitation'
  | 'business_welcome'
  | 'waitlist_offer'
  | 'waitlist_gone';

/** An offer from the waiting list (docs/waitlist.md): one freed time, one link that takes it. */
export interface WaitlistOfferData {
  groupName: string;
  timeZone: string;
  patientName: string;
  service: string;
  calendar: string | null;
  start: Date;
  end: Date;
  expiresAt: Date;
  /** The start of the appointment the offer moves, or null for a new booking. */
  movesFrom: Date | null;
  offerLink: string;
  leaveLink: string;
}

export interface BookedAppointment {
  start: Date;
  end: Date;
  /** The service's public name in the mail's language. */
  service: string;
  /** The calendar's public name, or null when the customer did not choose one or it is not shown. */
  calendar: string | null;
  priceCents: number | null;
  videoUrl: string | null;
}

/** A confirmation or a change notice: what is booked now, and the links that need no password. */
export interface AppointmentMailData {
  groupName: string;
  groupPhone: string | null;
  groupAddress: string | null;
  /** The group's IANA time zone: every time in the mail is on its wall clock. */
  timeZone: string;
  patientName: string;
  appointments: BookedAppointment[];
  totalCents: number | null;
  /** ISO 4217 code, e.g. EUR. */
  currency: string;
  manageLink: string;
  cancelLink: string;
  exportLink: string;
  comment: string | null;
}

export interface MailData {
  account_activation: { groupName: string; link: string };
  password_reset: { groupName: string; link: string; expiresInMinutes: number };
  email_change: { groupName: string; link: string; newEmail: string };
  appointment_confirmation: AppointmentMailData;
  appointment_changed: AppointmentMailData;
  appointment_cancelled: {
    groupName: string;
    groupPhone: string | null;
    timeZone: string;
    patientName: string;
    appointments: { start: Date; service: string }[];
    bookAgainLink: string;
  };
  /** A reminder before the appointment (docs/reminders.md): the booking, and the link that stops them. */
  appointment_reminder: AppointmentMailData & { stopLink: string };
  business_notice: BusinessNoticeData;
  staff_invitation: {
    groupName: string;
    /** Who invites: their name, else their address. */
    inviter: string;
    role: 'owner' | 'manager' | 'staff' | 'callcentre';
    link: string;
    /** How many days the link works. */
    days: number;
  };
  /** To the person who just signed a business up: where its back office and booking page are. */
  business_welcome: { groupName: string; adminLink: string; bookingLink: string };
  waitlist_offer: WaitlistOfferData;
  /** The offered time went to someone else; the entry stays open. */
  waitlist_gone: {
    groupName: string;
    timeZone: string;
    patientName: string;
    service: string;
    start: Date;
    leaveLink: string;
  };
}

/** A notice to the business about one of its bookings (docs/back-office.md "Notices to the business"). */
export interface BusinessNoticeData {
  groupName: string;
  timeZone: string;
  event: 'created' | 'changed' | 'cancelled';
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  appointments: { start: Date; end: Date; service: string; calendar: string | null }[];
  agendaLink: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Values = Record<string, string | number>;
type Translate = (key: MailMessageKey, values?: Values) => string;

/** Fills {placeholders}; a placeholder without a value is a bug, not something to send. */
export function fillPlaceholders(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail text needs a value for {${name}}`);
    return String(value);
  });
}

interface Composition {
  subject: string;
  intro: string;
  blocks: MailBlock[];
}

type Builder<K extends MailKind> = (t: Translate, locale: Locale, data: MailData[K]) => Composition;

const builders: { [K in MailKind]: Builder<K> } = {
  account_activation: (t, _locale, data) => {
    const intro = t('activationIntro');
    return {
      subject: t('activationSubject'),
      intro,
      blocks: [
        { type: 'paragraph', text: t('hello') },
        { type: 'paragraph', text: intro },
        { type: 'button', link: { label: t('activationButton'), url: data.link } },
        { type: 'note', text: t('ignore') },
      ],
    };
  },
  password_reset: (t, _locale, data) => {
    const intro = t('resetIntro');
    return {
      subject: t('resetSubject'),
      intro,
      blocks: [
        { type: 'paragraph', text: t('hello') },
        { type: 'paragraph', text: intro },
        { type: 'button', link: { label: t('resetButton'), url: data.link } },
        { type: 'paragraph', text: t('resetExpiry', { minutes: data.expiresInMinutes }) },
        { type: 'note', text: t('ignore') },
      ],
    };
  },
  email_change: (t, _locale, data) => {
    const intro = t('emailChangeIntro', { email: data.newEmail });
    return {
      subject: t('emailChangeSubject'),
      intro,
      blocks: [
        { type: 'paragraph', text: t('hello') },
        { type: 'paragraph', text: intro },
        { type: 'button', link: { label: t('emailChangeButton'), url: data.link } },
        { type: 'note', text: t('ignore') },
      ],
    };
  },
  appointment_confirmation: (t, locale, data) =>
    appointmentMail(t, locale, data, { subject: 'confirmationSubject', intro: 'confirmationIntro' }),
  appointment_changed: (t, locale, data) =>
    appointmentMail(t, locale, data, { subject: 'changedSubject', intro: 'changedIntro' }),
  appointment_reminder: (t, locale, data) => {
    const composition = appointmentMail(t, locale, data, {
      subject: 'reminderSubject',
      intro: 'reminderIntro',
    });
    composition.blocks.push(
      { type: 'note', text: t('reminderWhy') },
      { type: 'links', links: [{ label: t('reminderStop'), url: data.stopLink }] },
    );
    return composition;
  },
  appointment_cancelled: (t, locale, data) => {
    const appointments = byStart(data.appointments);
    const intro = t('cancelledIntro');
    const blocks: MailBlock[] = [
      { type: 'paragraph', text: greeting(t, data.patientName) },
      { type: 'paragraph', text: intro },
      {
        type: 'appointments',
        heading: t('detailsHeading'),
        entries: appointments.map((apt) => ({
          when: formatStart(locale, data.timeZone, apt.start),
          title: apt.service,
          lines: [],
          video: null,
        })),
      },
      { type: 'note', text: t('timeZoneNote', { zone: data.timeZone }) },
      { type: 'button', link: { label: t('bookAgainButton'), url: data.bookAgainLink } },
    ];
    if (data.groupPhone) blocks.push({ type: 'paragraph', text: t('questions', { phone: data.groupPhone }) });
    return { subject: t('cancelledSubject'), intro, blocks };
  },
  business_notice: (t, locale, data) => {
    const appointments = byStart(data.appointments);
    const keys = {
      created: { subject: 'businessCreatedSubject', intro: 'businessCreatedIntro' },
      changed: { subject: 'businessChangedSubject', intro: 'businessChangedIntro' },
      cancelled: { subject: 'businessCancelledSubject', intro: 'businessCancelledIntro' },
    } as const satisfies Record<
      BusinessNoticeData['event'],
      { subject: MailMessageKey; intro: MailMessageKey }
    >;
    // The customer's name, phone and address are their own text: shown, never links.
    const name = unlinkable(oneLine(data.customerName)) || '—';
    const contact = [data.customerPhone, data.customerEmail]
      .filter((value): value is string => Boolean(value?.trim()))
      .map((value) => unlinkable(oneLine(value)));
    const intro = t(keys[data.event].intro);
    return {
      subject: t(keys[data.event].subject, {
        name,
        date: formatShortDateTime(locale, data.timeZone, appointments[0]!.start),
      }),
      intro,
      blocks: [
        { type: 'paragraph', text: intro },
        { type: 'paragraph', text: [t('businessCustomer', { name }), ...contact].join('\n') },
        {
          type: 'appointments',
          heading: t('detailsHeading'),
          entries: appointments.map((apt) => ({
            when: formatTimeRange(locale, data.timeZone, apt.start, apt.end),
            title: apt.service,
            lines: apt.calendar ? [t('withCalendar', { calendar: apt.calendar })] : [],
            video: null,
          })),
        },
        { type: 'note', text: t('timeZoneNote', { zone: data.timeZone }) },
        { type: 'button', link: { label: t('businessOpenAgenda'), url: data.agendaLink } },
        { type: 'note', text: t('businessWhy') },
      ],
    };
  },
  staff_invitation: (t, _locale, data) => {
    const roles = {
      owner: 'roleOwner',
      manager: 'roleManager',
      staff: 'roleStaff',
      callcentre: 'roleCallcentre',
    } as const satisfies Record<MailData['staff_invitation']['role'], MailMessageKey>;
    // The inviter's name is their own text: shown, never a link.
    const intro = t('invitationIntro', {
      inviter: unlinkable(oneLine(data.inviter)),
      role: t(roles[data.role]),
    });
    return {
      subject: t('invitationSubject'),
      intro,
      blocks: [
        { type: 'paragraph', text: t('hello') },
        { type: 'paragraph', text: intro },
        { type: 'button', link: { label: t('invitationButton'), url: data.link } },
        { type: 'paragraph', text: t('invitationExpiry', { days: data.days }) },
        { type: 'note', text: t('invitationIgnore') },
      ],
    };
  },
  business_welcome: (t, _locale, data) => {
    const intro = t('welcomeIntro');
    return {
      subject: t('welcomeSubject'),
      intro,
      blocks: [
        { type: 'paragraph', text: t('hello') },
        { type: 'paragraph', text: intro },
        { type: 'button', link: { label: t('welcomeAdminButton'), url: data.adminLink } },
        { type: 'links', links: [{ label: t('welcomeBookingLink'), url: data.bookingLink }] },
        { type: 'note', text: t('welcomeIgnore') },
      ],
    };
  },
  waitlist_offer: (t, locale, data) => {
    const intro = data.movesFrom
      ? t('waitlistOfferMoveIntro', { date: formatStart(locale, data.timeZone, data.movesFrom) })
      : t('waitlistOfferIntro');
    return {
      subject: t('waitlistOfferSubject', { date: formatShortDateTime(locale, data.timeZone, data.start) }),
      intro,
      blocks: [
        { type: 'paragraph', text: greeting(t, data.patientName) },
        { type: 'paragraph', text: intro },
        {
          type: 'appointments',
          heading: t('detailsHeading'),
          entries: [
            {
              when: formatTimeRange(locale, data.timeZone, data.start, data.end),
              title: data.service,
              lines: data.calendar ? [t('withCalendar', { calendar: data.calendar })] : [],
              video: null,
            },
          ],
        },
        { type: 'note', text: t('timeZoneNote', { zone: data.timeZone }) },
        { type: 'button', link: { label: t('waitlistOfferButton'), url: data.offerLink } },
        {
          type: 'paragraph',
          text: t('waitlistOfferExpiry', {
            date: formatShortDateTime(locale, data.timeZone, data.expiresAt),
          }),
        },
        { type: 'links', links: [{ label: t('waitlistLeaveLink'), url: data.leaveLink }] },
      ],
    };
  },
  waitlist_gone: (t, locale, data) => {
    const intro = t('waitlistGoneIntro');
    return {
      subject: t('waitlistGoneSubject', { date: formatShortDateTime(locale, data.timeZone, data.start) }),
      intro,
      blocks: [
        { type: 'paragraph', text: greeting(t, data.patientName) },
        { type: 'paragraph', text: intro },
        {
          type: 'appointments',
          heading: t('detailsHeading'),
          entries: [
            {
              when: formatStart(locale, data.timeZone, data.start),
              title: data.service,
              lines: [],
              video: null,
            },
          ],
        },
        { type: 'links', links: [{ label: t('waitlistLeaveLink'), url: data.leaveLink }] },
      ],
    };
  },
};

/** The booker's name is their own text: never a link (unlinkable-text.ts). */
function greeting(t: Translate, name: string): string {
  const trimmed = unlinkable(oneLine(name));
  return trimmed ? t('helloName', { name: trimmed }) : t('hello');
}

function byStart<T extends { start: Date }>(appointments: T[]): T[] {
  if (appointments.length === 0) throw new Error('an appointment mail needs at least one appointment');
  return [...appointments].sort((a, b) => a.start.getTime() - b.start.getTime());
}

function appointmentMail(
  t: Translate,
  locale: Locale,
  data: AppointmentMailData,
  keys: { subject: MailMessageKey; intro: MailMessageKey },
): Composition {
  const appointments = byStart(data.appointments);
  const money = (cents: number) => formatMoney(locale, data.currency, cents);
  const entries: AppointmentEntry[] = appointments.map((apt) => ({
    when: formatTimeRange(locale, data.timeZone, apt.start, apt.end),
    title: apt.service,
    lines: [
      ...(apt.calendar ? [t('withCalendar', { calendar: apt.calendar })] : []),
      ...(apt.priceCents !== null ? [t('price', { amount: money(apt.priceCents) })] : []),
    ],
    video: apt.videoUrl ? { label: t('videoButton'), url: apt.videoUrl } : null,
  }));
  const intro = t(keys.intro);
  const blocks: MailBlock[] = [
    { type: 'paragraph', text: greeting(t, data.patientName) },
    { type: 'paragraph', text: intro },
    { type: 'appointments', heading: t('detailsHeading'), entries },
  ];
  if (data.totalCents !== null)
    blocks.push({ type: 'paragraph', text: t('total', { amount: money(data.totalCents) }) });
  blocks.push({ type: 'note', text: t('timeZoneNote', { zone: data.timeZone }) });
  const contact = [
    ...(data.groupAddress ? [t('address', { address: data.groupAddress })] : []),
    ...(data.groupPhone ? [t('phone', { phone: data.groupPhone })] : []),
  ];
  if (contact.length > 0) blocks.push({ type: 'paragraph', text: contact.join('\n') });
  // The booker's own words, sent to whatever address they typed: plain text, never a link.
  const comment = data.comment?.trim() ? unlinkable(data.comment.trim()) : '';
  if (comment) blocks.push({ type: 'quote', label: t('comment'), text: comment });
  blocks.push(
    { type: 'button', link: { label: t('manageButton'), url: data.manageLink } },
    {
      type: 'links',
      links: [
        { label: t('cancelLink'), url: data.cancelLink },
        { label: t('exportLink'), url: data.exportLink },
      ],
    },
    { type: 'note', text: t('linksNote') },
  );
  if (data.groupPhone) blocks.push({ type: 'paragraph', text: t('questions', { phone: data.groupPhone }) });
  return {
    subject: t(keys.subject, { date: formatShortDateTime(locale, data.timeZone, appointments[0]!.start) }),
    intro,
    blocks,
  };
}

/**
 * A reminder as a text message: one short line in the customer's language, with the link to the
 * appointment and the one that stops text reminders.
 */
export function renderReminderSms(
  locale: Locale,
  data: { groupName: string; timeZone: string; start: Date; manageLink: string; stopLink: string },
): string {
  const messages = MAIL_MESSAGES[locale] ?? MAIL_MESSAGES.en;
  return fillPlaceholders(messages.reminderSms, {
    group: oneLine(data.groupName),
    date: formatShortDateTime(locale, data.timeZone, data.start),
    link: data.manageLink,
    stop: data.stopLink,
  });
}

/** Renders one mail: subject, text part and HTML part, in the given language and the group's look. */
export function renderMail<K extends MailKind>(
  kind: K,
  locale: Locale,
  data: MailData[K],
  brand?: MailBrand,
): RenderedMail {
  const messages = MAIL_MESSAGES[locale] ?? MAIL_MESSAGES.en;
  // Line breaks in a group name would break the subject header and the heading.
  const group = oneLine(data.groupName);
  const t: Translate = (key, values = {}) => fillPlaceholders(messages[key], { group, ...values });
  const builder = builders[kind] as Builder<K>;
  const composition = builder(t, locale, data);
  const subject = oneLine(composition.subject);
  const { text, html } = renderDocument({
    lang: locale,
    heading: group,
    subject,
    preheader: composition.intro,
    blocks: composition.blocks,
    linkFallback: t('linkFallback'),
    footer: t('footer'),
    brand,
  });
  return { subject, text, html };
}
