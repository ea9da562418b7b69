import { describe, expect, it } from 'vitest';
import { calendarIdsOf, inviteErrorKey, looksLikeEmail } from './invite-draft.ts';

describe('inviteErrorKey', () => {
  it('keeps the refusals the form words itself and reads others as generic', () => {
    for (const key of ['alreadyMember', 'calendarNotFound', 'emailValidator', 'tooManyRequests'])
      expect(inviteErrorKey(key)).toBe(key);
    expect(inviteErrorKey('forbidden')).toBe('other');
    expect(inviteErrorKey('noCalendar')).toBe('other');
  });
});

describe('looksLikeEmail', () => {
  it('wants a name, an @, a domain with a dot and no spaces', () => {
    expect(looksLikeEmail('ines@salon.fr')).toBe(true);
    expect(looksLikeEmail('ines@salon')).toBe(false);
    expect(looksLikeEmail('ines salon@x.fr')).toBe(false);
    expect(looksLikeEmail('@salon.fr')).toBe(false);
    expect(looksLikeEmail('a@@b.fr')).toBe(false);
    expect(looksLikeEmail('')).toBe(false);
  });
});

describe('calendarIdsOf', () => {
  it('sends the chosen calendars, sorted, only for staff limited to some', () => {
    expect(calendarIdsOf('staff', false, new Set([12, 3, 7]))).toEqual([3, 7, 12]);
    expect(calendarIdsOf('staff', true, new Set([12, 3]))).toBeNull();
    expect(calendarIdsOf('manager', false, new Set([12, 3]))).toBeNull();
    expect(calendarIdsOf('owner', false, new Set())).toBeNull();
  });
});
