/**
 * Which characters a text may hold, by kind of field (docs/api.md "Input rules"). One table for the
 * server's request schemas, the dynamic forms (form-fields.ts) and the web app's live errors:
 *
 * | kind        | refused                                                                          |
 * |-------------|----------------------------------------------------------------------------------|
 * | multi-line  | C0 controls except tab, line feed and carriage return; DEL; C1 controls; broken UTF-16 |
 * | single-line | the above, and tab, line feed, carriage return, U+2028 and U+2029 (line/paragraph separators) |
 * | name        | the above, and the bidirectional controls that reorder what a reader sees:       |
 * |             | embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, marks U+200E, U+200F, U+061C |
 * | phone       | anything but digits, spaces and + - . ( ) /                                        |
 *
 * Why: NUL cannot be stored by PostgreSQL at all; the other controls have no business in a
 * booking and hide or forge text in mails and lists (a line break in a name starts a new header
 * line in a mail, an override makes "gnp.exe" read "exe.png"). Broken UTF-16 (a lone surrogate,
 * which JSON can carry as "\ud800") cannot be written as UTF-8.
 *
 * Checked code unit by code unit: no regular expression to get wrong, and linear on hostile input.
 */

export type TextKind = 'multi-line' | 'single-line' | 'name' | 'phone';

/** What is wrong with a text, for a message: the first problem found. */
export type TextProblem = 'control' | 'lineBreak' | 'bidi' | 'brokenUnicode' | 'notPhone';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

const isC0OrC1OrDel = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isBidiControl = (code: number) =>
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0x200e ||
  code === 0x200f ||
  code === 0x061c;
const isLineBreakOrTab = (code: number) =>
  code === TAB ||
  code === LINE_FEED ||
  code === CARRIAGE_RETURN ||
  code === LINE_SEPARATOR ||
  code === PARAGRAPH_SEPARATOR;

const PHONE_CHARACTERS = new Set('0123456789 +-.()/');

/** The first problem of `value` for a field of this kind, or null when every character is allowed. */
export function textProblem(value: string, kind: TextKind): TextProblem | null {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(i + 1))) return 'brokenUnicode';
      i++;
      if (kind === 'phone') return 'notPhone';
      continue;
    }
    if (isLowSurrogate(code)) return 'brokenUnicode';
    if (isLineBreakOrTab(code)) {
      if (kind !== 'multi-line') return 'lineBreak';
      continue;
    }
    if (isC0OrC1OrDel(code)) return 'control';
    if (kind === 'name' && isBidiControl(code)) return 'bidi';
    if (kind === 'phone' && !PHONE_CHARACTERS.has(value[i]!)) return 'notPhone';
  }
  return null;
}

/** True when `value` holds only characters a field of this kind allows. */
export function isAllowedText(value: string, kind: TextKind): boolean {
  return textProblem(value, kind) === null;
}

/** A short English reason, for the API's 400 messages ("must not contain …"). */
export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  control: 'must not contain control characters',
  lineBreak: 'must be a single line (no tab or line break)',
  bidi: 'must not contain bidirectional control characters',
  brokenUnicode: 'must be well-formed Unicode',
  notPhone: 'must be a phone number: digits, spaces and + - . ( ) /',
};

/** Names whose values are people's names wherever they appear (records, forms): the name rule. */
export const NAME_FIELDS: ReadonlySet<string> = new Set(['firstname', 'lastname']);
/** Fields holding a phone number: the phone rule. */
export const PHONE_FIELDS: ReadonlySet<string> = new Set(['firstphone']);

/** The kind of a dynamic form's text field: by name for names and phones, else by its number of rows. */
export function textKindOfField(field: { name: string; rows?: number | undefined }): TextKind {
  if (NAME_FIELDS.has(field.name)) return 'name';
  if (PHONE_FIELDS.has(field.name)) return 'phone';
  return (field.rows ?? 1) > 1 ? 'multi-line' : 'single-line';
}
