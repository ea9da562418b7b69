/**
 * iCalendar files (RFC 5545) for "add to calendar" and the confirmation mail: CRLF line ends, lines
 * folded at 75 octets without cutting a UTF-8 character, escaped text, times in UTC.
 */

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  /** CANCELLED events let calendar apps remove what they imported. */
  status?: 'CONFIRMED' | 'CANCELLED';
  sequence?: number;
  /** DTSTAMP: when the event was last revised; the time of writing when absent. */
  stamp?: Date;
}

/** What a subscribed calendar says of itself (docs/back-office.md "Calendar subscriptions"). */
export interface CalendarHeader {
  /** The name a calendar app shows for the subscription (X-WR-CALNAME, NAME of RFC 7986). */
  name?: string;
  /** How often a calendar app should ask again (REFRESH-INTERVAL of RFC 7986, X-PUBLISHED-TTL). */
  refresh?: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 20261123T081500Z */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Octets of one code point in UTF-8. */
const utf8Size = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * Folds one content line: at most 75 octets per physical line, continuation lines starting with a
 * space (which counts in their 75). Cuts only between characters, so no UTF-8 sequence is split.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = utf8Size(char.codePointAt(0)!);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A VCALENDAR holding the events, ready to serve as text/calendar. */
export function buildCalendar(
  events: readonly CalendarEvent[],
  now: Date,
  prodId = '-//Créneau//Booking//EN',
  header: CalendarHeader = {},
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (header.name) lines.push(`X-WR-CALNAME:${escapeText(header.name)}`, `NAME:${escapeText(header.name)}`);
  if (header.refresh)
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${header.refresh}`, `X-PUBLISHED-TTL:${header.refresh}`);
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${formatUtc(event.stamp ?? now)}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push(`STATUS:${event.status ?? 'CONFIRMED'}`, `SEQUENCE:${event.sequence ?? 0}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The data a client needs to build a Google Calendar link itself (docs/requirements/accounts-and-appointments.md §7). */
export function googleCalendarData(event: CalendarEvent, timeZone: string) {
  return {
    title: event.summary,
    start: formatUtc(event.start),
    end: formatUtc(event.end),
    description: event.description ?? '',
    location: event.location ?? '',
    timeZone,
  };
}
