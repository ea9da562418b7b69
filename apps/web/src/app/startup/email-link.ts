/**
 * The one-time parameters of e-mail links (docs/requirements/accounts-and-appointments.md §4): ficheKey logs a visitor in, validation_key
 * activates an account or confirms an e-mail change, oubliKey resets a password, cancel_apt and
 * export_apt ask for an action. Once used they leave the address, so that a reload or a shared
 * page does not replay them and page-view tracking never sees a key.
 */

/** Link parameters consumed by the page that handles them. */
export const LINK_PARAMS = [
  'ficheKey',
  'validation_key',
  'oubliKey',
  'account_id',
  'temp_email',
  'set_password',
  'cancel_apt',
  'export_apt',
] as const;

/** The query string without the given parameters ("" or "?a=1"). */
export function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
