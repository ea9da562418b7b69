/**
 * Readers for the kinds of values query parameters carry. Each takes the raw text and returns the
 * typed value or an error explaining the refusal; none throws. Used by query-params.ts.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = <T>(reason: string): Read<T> => ({ ok: false, reason });

/** Largest id the database stores (32-bit serial). */
export const MAX_ID = 2_147_483_647;
/** Most ids a list parameter may carry; more is certainly not a real preselection. */
export const MAX_LIST_LENGTH = 20;
export const MAX_URL_LENGTH = 2048;

const TRUE = new Set(['', '1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/** A flag: present without value, 1/true/yes/on → true; 0/false/no/off → false (any case). */
export function readFlag(raw: string): Read<boolean> {
  const value = raw.trim().toLowerCase();
  if (TRUE.has(value)) return ok(true);
  if (FALSE.has(value)) return ok(false);
  return no('not a flag (1/0, true/false, yes/no, on/off)');
}

/** A database id: 1…2147483647, digits only. */
export function readId(raw: string): Read<number> {
  const value = raw.trim();
  if (!/^\d{1,10}$/.test(value)) return no('not a positive integer id');
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? ok(id) : no('id out of range');
}

/** An id where "0" means "no choice" (docs/requirements/booking-flow.md §4): null for 0. */
export function readIdOrNone(raw: string): Read<number | null> {
  return /^0+$/.test(raw.trim()) ? ok(null) : readId(raw);
}

/** An integer within bounds. */
export function readInteger(raw: string, min: number, max: number): Read<number> {
  const value = raw.trim();
  if (!/^\d{1,6}$/.test(value)) return no('not an integer');
  const n = Number(value);
  return n >= min && n <= max ? ok(n) : no(`not between ${min} and ${max}`);
}

/** An opaque key or token: letters, digits, - and _ (what our tokens and keys are made of). */
export function readToken(raw: string): Read<string> {
  const value = raw.trim();
  return /^[A-Za-z0-9_-]{1,256}$/.test(value) ? ok(value) : no('not a key (letters, digits, - and _)');
}

/** An item's externid, as the configuration format defines it. */
export function readExternId(raw: string): Read<string> {
  const value = raw.trim();
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(value) ? ok(value) : no('not an externid');
}

/** A short label such as a booking source: letters, digits, space and _ . : / - (at most 64). */
export function readLabel(raw: string): Read<string> {
  const value = raw.trim();
  return /^[A-Za-z0-9 _.:/-]{1,64}$/.test(value) ? ok(value) : no('not a short label');
}

/**
 * An absolute http or https URL (return_url, modify_url). Other schemes are refused above all
 * because the page navigates to it: javascript: or data: would run script in our origin. URLs
 * carrying credentials are refused too (https://bank@evil.example phishing shape).
 */
export function readHttpUrl(raw: string): Read<string> {
  const value = raw.trim();
  if (value.length > MAX_URL_LENGTH) return no('URL too long');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return no('not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return no('only http and https URLs');
  if (url.username || url.password) return no('URL with credentials');
  if (!url.hostname) return no('URL without host');
  return ok(url.href);
}

/**
 * A list of values: "1,2,3" in one parameter and/or the parameter repeated (`x=1&x=2`, `x[]=1`).
 * Empty items are skipped; duplicates are kept once; any bad item refuses the whole list, since half
 * a preselection would book something the visitor did not ask for.
 */
export function readList<T>(raws: readonly string[], item: (raw: string) => Read<T>): Read<T[]> {
  const parts = raws.flatMap((raw) => raw.split(',')).filter((part) => part.trim() !== '');
  if (parts.length === 0) return no('empty list');
  if (parts.length > MAX_LIST_LENGTH) return no(`more than ${MAX_LIST_LENGTH} values`);
  const values: T[] = [];
  for (const part of parts) {
    const read = item(part);
    if (!read.ok) return no(`"${part.trim()}": ${read.reason}`);
    if (!values.includes(read.value)) values.push(read.value);
  }
  return ok(values);
}

export type PrefillValue = string | number | boolean;

const FIELD_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_PREFILL_TEXT = 255;

/**
 * Values to prefill a form with (the fiche and vevent parameters): a JSON object of field name →
 * string, number or boolean. Entries with a bad name or value are skipped and reported.
 */
export function readPrefillJson(
  raw: string,
): Read<{ values: Record<string, PrefillValue>; skipped: string[] }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return no('not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return no('not a JSON object');
  const values: Record<string, PrefillValue> = {};
  const skipped: string[] = [];
  for (const [name, value] of Object.entries(parsed)) {
    const entry = readPrefillEntry(name, value);
    if (entry.ok) values[name] = entry.value;
    else skipped.push(`${name}: ${entry.reason}`);
  }
  return ok({ values, skipped });
}

/** One prefill entry: a field name and a scalar value. */
export function readPrefillEntry(name: string, value: unknown): Read<PrefillValue> {
  if (!FIELD_NAME.test(name)) return no('not a field name');
  if (typeof value === 'boolean') return ok(value);
  if (typeof value === 'number') return Number.isFinite(value) ? ok(value) : no('not a finite number');
  if (typeof value === 'string') {
    return [...value].length <= MAX_PREFILL_TEXT ? ok(value) : no(`longer than ${MAX_PREFILL_TEXT}`);
  }
  return no('not a string, number or boolean');
}
