import { describe, expect, it } from 'vitest';
import { buildIcs, googleCalendarUrl } from './calendar-links.ts';

const event = {
  title: 'Coupe femme, Atelier Capucine',
  start: '2025-03-14T08:30:00.000Z',
  end: '2025-03-14T09:15:00.000Z',
  description: 'Léonie; bring photos, please',
  location: "8 rue des Remparts d'Ainay, 69002 Lyon",
  timeZone: 'Europe/Paris',
};

describe('googleCalendarUrl', () => {
  it('carries title, UTC dates, time zone, details and location', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('dates')).toBe('20250314T083000Z/20250314T091500Z');
    expect(url.searchParams.get('ctz')).toBe('Europe/Paris');
    expect(url.searchParams.get('location')).toBe(event.location);
  });
});

describe('buildIcs', () => {
  const ics = buildIcs(event, 'apt-1@creneau', new Date('2025-03-01T10:00:00Z'));

  it('is one VEVENT with escaped text and CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20250314T083000Z\r\n');
    expect(ics).toContain('DTEND:20250314T091500Z\r\n');
    expect(ics).toContain('SUMMARY:Coupe femme\\, Atelier Capucine\r\n');
    expect(ics).toContain('DESCRIPTION:Léonie\\; bring photos\\, please\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('folds lines longer than 75 octets', () => {
    const long = buildIcs({ ...event, description: 'é'.repeat(80) }, 'x');
    for (const line of long.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(long).toContain('\r\n é');
  });
});
