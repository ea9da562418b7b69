import fc from 'fast-check';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildCalendar, type CalendarEvent, escapeText, foldLine } from './ics.ts';

const now = new Date('2026-11-21T10:00:00Z');
const longDescription =
  'Consultation de suivi — merci d’arriver 10 minutes en avance. Ärztliche Untersuchung: bitte Versichertenkarte mitbringen; 診察券をお持ちください 🙂. Ligne deux\nAvec, des; caractères\\spéciaux.'.repeat(
    3,
  );
const events: CalendarEvent[] = [
  {
    uid: 'apt-41@creneau',
    start: new Date('2026-11-23T08:15:00Z'),
    end: new Date('2026-11-23T09:00:00Z'),
    summary: 'Coupe femme — Salon Lumière',
    location: '12 rue de la République, 69002 Lyon',
    description: longDescription,
  },
  {
    uid: 'apt-42@creneau',
    // Across the autumn DST change in Paris: the file speaks UTC, so nothing shifts.
    start: new Date('2026-10-25T00:30:00Z'),
    end: new Date('2026-10-25T01:30:00Z'),
    summary: 'Brushing',
    location: null,
    description: null,
  },
];

describe('iCalendar file', () => {
  const text = buildCalendar(events, now);

  it('uses CRLF everywhere and no physical line longer than 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('never splits a UTF-8 character when folding', () => {
    for (const line of text.split('\r\n')) {
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      expect(line).not.toContain('\uFFFD');
    }
  });

  it('parses with ical.js to the same instants and texts', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const parsed = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(parsed.map((e) => e.uid)).toEqual(['apt-41@creneau', 'apt-42@creneau']);
    expect(parsed.map((e) => e.startDate.toJSDate().toISOString())).toEqual(
      events.map((e) => e.start.toISOString()),
    );
    expect(parsed.map((e) => e.endDate.toJSDate().toISOString())).toEqual(
      events.map((e) => e.end.toISOString()),
    );
    expect(parsed[0]!.description).toBe(longDescription);
    expect(parsed[0]!.location).toBe(events[0]!.location);
    expect(parsed[0]!.summary).toBe(events[0]!.summary);
  });

  it('parses with node-ical to the same instants and texts', () => {
    const parsed = Object.values(nodeIcal.sync.parseICS(text)).filter(
      (c) => c.type === 'VEVENT',
    ) as nodeIcal.VEvent[];
    expect(parsed.map((e) => new Date(e.start).toISOString())).toEqual(
      events.map((e) => e.start.toISOString()),
    );
    expect(parsed.map((e) => new Date(e.end).toISOString())).toEqual(events.map((e) => e.end.toISOString()));
    const description = parsed[0]!.description as unknown as string | { val: string };
    expect(typeof description === 'string' ? description : description.val).toBe(longDescription);
  });

  it('carries UID, DTSTAMP, DTSTART and DTEND in UTC', () => {
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTAMP:20261121T100000Z');
    expect(unfolded).toContain('DTSTART:20261123T081500Z');
    expect(unfolded).toContain('DTEND:20261123T090000Z');
  });

  it('folds any text losslessly (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (value) => {
        const folded = foldLine(`DESCRIPTION:${value}`);
        for (const line of folded.split('\r\n'))
          expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${value}`);
      }),
    );
  });
});

describe('a subscribed calendar (docs/back-office.md "Calendar subscriptions")', () => {
  const name = 'Léonie Marchand — Atelier Capucine, Lyon; salon';
  const text = buildCalendar(
    [{ ...events[1]!, status: 'CANCELLED', sequence: 3, stamp: new Date('2026-11-20T07:00:00Z') }],
    now,
    '-//Créneau//Calendar subscription//EN',
    { name, refresh: 'PT1H' },
  );

  it('names itself and asks to be read again hourly, for both parsers', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    // ical.js keeps the value of a property it has no type for as written (escaped); node-ical reads it as text.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(escapeText(name));
    expect(calendar.getFirstPropertyValue('name')).toBe(escapeText(name));
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    const parsed = nodeIcal.sync.parseICS(text) as unknown as { vcalendar?: Record<string, unknown> };
    expect(parsed.vcalendar?.['WR-CALNAME']).toBe(name);
    expect(parsed.vcalendar?.name).toBe(name);
  });

  it('stamps an event with when it last changed, not when the file was written', () => {
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTAMP:20261120T070000Z');
    expect(unfolded).toContain('STATUS:CANCELLED');
    expect(unfolded).toContain('SEQUENCE:3');
    // The same events, a later clock: the same bytes (the feed's ETag rests on it).
    expect(
      buildCalendar(
        [{ ...events[1]!, status: 'CANCELLED', sequence: 3, stamp: new Date('2026-11-20T07:00:00Z') }],
        new Date('2027-01-01T00:00:00Z'),
        '-//Créneau//Calendar subscription//EN',
        { name, refresh: 'PT1H' },
      ),
    ).toBe(text);
  });
});
