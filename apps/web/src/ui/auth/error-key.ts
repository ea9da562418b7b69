/**
 * Which message a failed call shows (docs/requirements/accounts-and-appointments.md §8): the API's error key, lower-first when the server
 * sent a single word ("EmailAlreadyExists" → emailAlreadyExists), and the generic message for a
 * network failure or anything unexpected.
 */
import { ApiError } from '../../api/client.ts';

/** The `messages.*` key (or server sentence) for a failure. */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError) {
    const key = error.key;
    return /^[A-Za-z]\w*$/.test(key) ? key.charAt(0).toLowerCase() + key.slice(1) : key;
  }
  return 'genericError';
}
