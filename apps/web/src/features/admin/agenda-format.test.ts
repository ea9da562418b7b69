import { describe, expect, it } from 'vitest';
import { createAgendaFormat } from './agenda-format.ts';

describe('wall-clock formats', () => {
  it('show the server’s local time as it is, 24-hour, whatever the browser’s zone', () => {
    expect(createAgendaFormat('en').time('2026-11-25T13:45')).toBe('13:45');
    expect(createAgendaFormat('fr').time('2026-03-29T02:30')).toBe('02:30');
    expect(createAgendaFormat('de').hour(9)).toBe('09:00');
  });

  it('write dates in the page’s language', () => {
    expect(createAgendaFormat('fr').longDate('2026-11-25')).toBe('mercredi 25 novembre 2026');
    expect(createAgendaFormat('en').longDate('2026-11-25')).toBe('Wednesday, 25 November 2026');
    expect(createAgendaFormat('de').range('2026-11-23', '2026-11-29')).toMatch(
      /^23\.\s*[–-]\s*29\. November 2026$/,
    );
  });
});
