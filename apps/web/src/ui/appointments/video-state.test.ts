import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VIDEO_CLOSES_AFTER_MS,
  VIDEO_OPENS_BEFORE_MS,
  videoNeedsPolling,
  videoState,
} from './video-state.ts';

const PARIS = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

describe('videoState', () => {
  const start = '2026-03-10T14:00:00+01:00';

  it('is "to come" until 15 minutes before the start', () => {
    expect(videoState(start, at('2026-03-10T08:00:00+01:00'), PARIS)).toBe('toCome');
    expect(videoState(start, at('2026-03-10T13:44:59+01:00'), PARIS)).toBe('toCome');
  });

  it('is "join" from 15 minutes before until 5 minutes after the start', () => {
    expect(videoState(start, at('2026-03-10T13:45:00+01:00'), PARIS)).toBe('join');
    expect(videoState(start, at('2026-03-10T14:00:00+01:00'), PARIS)).toBe('join');
    expect(videoState(start, at('2026-03-10T14:05:00+01:00'), PARIS)).toBe('join');
  });

  it('is "finished" after that', () => {
    expect(videoState(start, at('2026-03-10T14:05:01+01:00'), PARIS)).toBe('finished');
    expect(videoState(start, at('2026-04-01T09:00:00+02:00'), PARIS)).toBe('finished');
  });

  it('opens only on the day of the appointment, in the group time zone', () => {
    const justAfterMidnight = '2026-03-11T00:05:00+01:00';
    // 23:55 the evening before is within 15 minutes, but another day in Paris.
    expect(videoState(justAfterMidnight, at('2026-03-10T23:55:00+01:00'), PARIS)).toBe('toCome');
    expect(videoState(justAfterMidnight, at('2026-03-11T00:00:00+01:00'), PARIS)).toBe('join');
    // The same instants are one day in New York (18:55 and 19:05): join opens at 18:50 there.
    expect(videoState(justAfterMidnight, at('2026-03-10T23:55:00+01:00'), 'America/New_York')).toBe('join');
  });

  it('agrees with its definition for any instants (property)', () => {
    const base = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 * 24 * 60 }),
        fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
        (startMinute, offsetMinutes) => {
          const startMs = base + startMinute * 60_000;
          const now = new Date(startMs + offsetMinutes * 60_000);
          const state = videoState(new Date(startMs), now, PARIS);
          const delta = now.getTime() - startMs;
          if (delta > VIDEO_CLOSES_AFTER_MS) return state === 'finished';
          if (delta < -VIDEO_OPENS_BEFORE_MS) return state === 'toCome';
          return state === 'join' || state === 'toCome';
        },
      ),
    );
  });
});

describe('videoNeedsPolling', () => {
  it('polls until 5 minutes after the start', () => {
    const start = '2026-03-10T14:00:00Z';
    expect(videoNeedsPolling(start, at('2026-03-09T14:00:00Z'))).toBe(true);
    expect(videoNeedsPolling(start, at('2026-03-10T14:05:00Z'))).toBe(true);
    expect(videoNeedsPolling(start, at('2026-03-10T14:05:01Z'))).toBe(false);
  });
});
