/**
 * The text of a refused back-office call (docs/back-office.md): the server's key in the back
 * office's own words when it has them, else the app's common messages, else the generic one —
 * never the raw key.
 */
import { usePart } from '../../i18n/i18n.ts';
import { errorKey } from '../../ui/auth/error-key.ts';

export function usePeopleErrorText(): (error: unknown) => string {
  const { t, i18n } = usePart('admin');
  return (error) => {
    const key = errorKey(error);
    if (/^[A-Za-z_]\w*$/.test(key)) {
      for (const prefix of ['admin.errors.', 'admin.customers.errors.', 'messages.']) {
        if (i18n.exists(`${prefix}${key}`)) return t(`${prefix}${key}`);
      }
    }
    return t('messages.genericError');
  };
}
