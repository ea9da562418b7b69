/**
 * The text of a refused back-office call (docs/back-office.md): the server's key in the back
 * office's own words when it has them, else the app's common messages, else the generic one —
 * never the raw key.
 */
import { usePart } from '../../i18n/i18n.ts';
import { errorKey } from '../../ui/auth/error-key.ts';

const PLACES = ['admin.errors.', 'admin.customers.errors.', 'messages.'] as const;

/** The first text that exists for the key, in the order above; the generic message otherwise. */
export function errorTextKey(key: string, exists: (textKey: string) => boolean): string {
  if (/^[A-Za-z_]\w*$/.test(key)) {
    for (const place of PLACES) if (exists(`${place}${key}`)) return `${place}${key}`;
  }
  return 'messages.genericError';
}

export function usePeopleErrorText(): (error: unknown) => string {
  const { t, i18n } = usePart('admin');
  return (error) => t(errorTextKey(errorKey(error), (textKey) => i18n.exists(textKey)));
}
