/** The text key of a waiting-list call's failure (docs/waitlist.md). */
import { ApiError } from '../../api/client.ts';

const RANGE = new Set(['waitlistRangeOrder', 'waitlistRangePast', 'waitlistRangeTooFar']);

export function joinErrorKey(error: unknown): string {
  const key = error instanceof ApiError ? error.key : '';
  if (key === 'waitlistTooManyEntries') return 'waitlist.errors.tooMany';
  if (RANGE.has(key)) return 'waitlist.errors.range';
  if (key === 'emailValidator') return 'booking.fieldErrors.emailValidator';
  return 'waitlist.errors.generic';
}

/** What an offer's failed confirmation means for its page. */
export function offerOutcome(error: unknown): 'taken' | 'expired' | 'used' | 'invalid' | 'failed' {
  const key = error instanceof ApiError ? error.key : '';
  if (key === 'waitlistSlotTaken') return 'taken';
  if (key === 'waitlistOfferExpired') return 'expired';
  if (key === 'waitlistOfferUsed') return 'used';
  if (key === 'waitlistOfferNotFound' || (error instanceof ApiError && error.status === 400))
    return 'invalid';
  return 'failed';
}
