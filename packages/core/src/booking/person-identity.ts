/**
 * Who is the same person (docs/booking.md, "Who is the same person"): the per-person booking limits
 * count every appointment of a person, whoever booked it. A record belongs to the same person as
 * another when they share an account, a normalised e-mail address or a normalised phone number.
 * The keys below are stored with each record so that the server finds those records by index.
 */
import { normalizeEmail } from '../validation/email.ts';
import { normalizePhone } from '../validation/phone.ts';

export interface PersonKeys {
  emailKey: string | null;
  phoneKey: string | null;
}

/** The e-mail as a key: trimmed, lower-case, without inner spaces; null when it is not an address. */
export function emailKey(value: string | null | undefined): string | null {
  if (value == null) return null;
  const key = normalizeEmail(value.normalize('NFC')).replace(/\s+/g, '');
  return /^[^@]+@[^@]+$/.test(key) ? key : null;
}

/** The keys of a record's e-mail and phone; the group's country reads national phone numbers. */
export function personKeys(
  record: { email?: string | null | undefined; firstphone?: string | null | undefined },
  country: string,
): PersonKeys {
  return { emailKey: emailKey(record.email), phoneKey: normalizePhone(record.firstphone, country) };
}
