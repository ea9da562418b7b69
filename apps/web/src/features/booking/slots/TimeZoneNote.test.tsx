// @vitest-environment jsdom
/** The slots step's time-zone note (TimeZoneNote.tsx): what it says, and that it is cheap to draw again. */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { TimeZoneNote } from './TimeZoneNote.tsx';

const at = new Date('2026-12-01T09:00:00Z');

beforeAll(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('TimeZoneNote', () => {
  it('names both zones and their offsets when the clocks differ', () => {
    render(<TimeZoneNote groupZone="Europe/Paris" at={at} locale="en" viewerZone="America/New_York" />);
    const text = screen.getByTestId('slots-time-zone').textContent ?? '';
    expect(text).toContain('GMT+1');
    expect(text).toContain('GMT-5');
  });

  it('says nothing where the clocks agree', () => {
    render(<TimeZoneNote groupZone="Europe/Paris" at={at} locale="en" viewerZone="Europe/Brussels" />);
    expect(screen.queryByTestId('slots-time-zone')).toBeNull();
  });

  it('makes no date formatter when drawn again (each costs milliseconds on a phone)', () => {
    const note = (instant: Date) => (
      <TimeZoneNote groupZone="Europe/Rome" at={instant} locale="de" viewerZone="Asia/Tokyo" />
    );
    const view = render(note(at));
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    view.rerender(note(new Date('2026-12-02T09:00:00Z')));
    view.rerender(note(new Date('2026-12-03T09:00:00Z')));
    expect(screen.getByTestId('slots-time-zone')).toBeTruthy();
    expect(made).not.toHaveBeenCalled();
  });
});
