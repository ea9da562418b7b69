/**
 * Phone numbers as a key that recognises one person however they typed their number (docs/booking.md,
 * "Who is the same person"). Créneau checks only a phone's characters (text-rules.ts: digits, spaces,
 * + - . ( ) /), not that it is a real number; here it only needs two spellings of one number to meet:
 * - separators are ignored: spaces, dots, dashes, slashes, parentheses;
 * - "00" before a country code is "+";
 * - "(0)" after a country code ("+33 (0)6 …") is dropped;
 * - in a country that dials a leading 0 at home (France: 06 12 34 56 78 is +33 6 12 34 56 78), a
 *   national number becomes the international one, using the group's country; in a country whose
 *   numbers keep their 0 (Italy, Spain…) the country code is simply put in front.
 * Anything else — letters, fewer than 6 digits — is not a usable key (null): it could join strangers.
 */

interface Dialling {
  code: string;
  /** The national number starts with a trunk 0 that the international form drops. */
  trunkZero: boolean;
}

/** The countries of Créneau's languages and neighbours; others keep national numbers as they are. */
const DIALLING: Readonly<Record<string, Dialling>> = {
  FR: { code: '33', trunkZero: true },
  BE: { code: '32', trunkZero: true },
  CH: { code: '41', trunkZero: true },
  LU: { code: '352', trunkZero: false },
  MC: { code: '377', trunkZero: false },
  DE: { code: '49', trunkZero: true },
  AT: { code: '43', trunkZero: true },
  NL: { code: '31', trunkZero: true },
  GB: { code: '44', trunkZero: true },
  IE: { code: '353', trunkZero: true },
  SK: { code: '421', trunkZero: true },
  CZ: { code: '420', trunkZero: false },
  HR: { code: '385', trunkZero: true },
  HU: { code: '36', trunkZero: false },
  PL: { code: '48', trunkZero: false },
  IT: { code: '39', trunkZero: false },
  ES: { code: '34', trunkZero: false },
  PT: { code: '351', trunkZero: false },
};

const MIN_DIGITS = 6;
const MAX_DIGITS = 15; // ITU E.164

/**
 * The number as "+<country code><number>" (or its bare digits when the group's country is not one
 * Créneau knows and the number has no country code), or null when it cannot identify anyone.
 */
export function normalizePhone(value: string | null | undefined, country = 'FR'): string | null {
  if (value == null) return null;
  let text = value.trim();
  if (!/^[+0-9\s.\-/()]*$/.test(text)) return null;
  text = text.replace(/\(0\)/g, '');
  let digits = text.replace(/[^0-9+]/g, '');
  if (digits.lastIndexOf('+') > 0) return null;
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+')) {
    const dialling = DIALLING[country.toUpperCase()];
    if (dialling) {
      if (dialling.trunkZero) {
        if (!digits.startsWith('0')) return null;
        digits = `+${dialling.code}${digits.slice(1)}`;
      } else {
        digits = `+${dialling.code}${digits}`;
      }
    }
  }
  const count = digits.replace('+', '').length;
  return count >= MIN_DIGITS && count <= MAX_DIGITS ? digits : null;
}
