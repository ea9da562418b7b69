import { describe, expect, it } from 'vitest';
import { releasedMax, showsRelease } from './slot-release.ts';

const release = {
  bookable_until: '2026-12-31',
  next_release_at: '2026-12-01T09:00:00+01:00',
  next_bookable_until: '2027-01-31',
};

describe('the scheduled release on the slots step', () => {
  it('stops the date range at the last released date, never lengthens it', () => {
    expect(releasedMax('2027-02-20', release)).toBe('2026-12-31');
    expect(releasedMax('2026-12-15', release)).toBe('2026-12-15');
    expect(releasedMax('2027-02-20', null)).toBe('2027-02-20');
    expect(releasedMax('2027-02-20', undefined)).toBe('2027-02-20');
  });

  it('tells when the next month opens once the days shown reach the end, or when nothing is free before it', () => {
    expect(showsRelease(release, { lastShown: '2026-12-30', noneAhead: false })).toBe(false);
    expect(showsRelease(release, { lastShown: '2026-12-31', noneAhead: false })).toBe(true);
    expect(showsRelease(release, { lastShown: '2027-01-03', noneAhead: false })).toBe(true);
    expect(showsRelease(release, { lastShown: '2026-12-02', noneAhead: true })).toBe(true);
    expect(showsRelease(null, { lastShown: '2027-01-03', noneAhead: true })).toBe(false);
  });
});
