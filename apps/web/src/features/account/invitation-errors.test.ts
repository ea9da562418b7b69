import { describe, expect, it } from 'vitest';
import { knownInvitationError } from './invitation-errors.ts';

describe('knownInvitationError', () => {
  it('keeps the refusals the page words itself', () => {
    for (const key of ['invitationNotFound', 'customerAccount', 'invitationLoginRequired', 'nameRequired'])
      expect(knownInvitationError(key)).toBe(key);
  });

  it('reads anything else as a generic failure', () => {
    expect(knownInvitationError('tooManyRequests')).toBe('other');
    expect(knownInvitationError('')).toBe('other');
    expect(knownInvitationError('other')).toBe('other');
  });
});
