/**
 * The building blocks of every route schema (docs/api.md "Input rules"): each text says which
 * characters it takes (packages/core text-rules) and how long it may be; each number has bounds;
 * free-form JSON (a record's form fields, vevent fields) is bounded in depth and size and holds no
 * control character outside line breaks. A request that breaks a rule is refused by validation
 * with a 400 naming the parameter, before any handler runs. Names and phones are fields of the
 * group's record form: core form-fields.ts checks them with the same character rules (422).
 */
import { TEXT_PROBLEM_MESSAGES, type TextKind, textProblem } from '@creneau/core/validation/text-rules';
import { z } from 'zod';

function textOf(kind: TextKind, max: number, min: number) {
  return z
    .string()
    .min(min)
    .max(max)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: TEXT_PROBLEM_MESSAGES[problem] });
    });
}

/** One line of text: no control character at all (no NUL, tab, CR, LF, DEL, C1), well-formed. */
export const singleLineText = (max: number, min = 0) => textOf('single-line', max, min);

/** Text that may span lines: tab, LF and CR allowed, every other control character refused. */
export const multiLineText = (max: number, min = 0) => textOf('multi-line', max, min);

/**
 * An e-mail address as typed: one line of at most 254 characters, trimmed. Whether it is an address
 * (emailValidator) is the service's verdict, with the spec's key; this only keeps bytes out.
 */
export const emailText = z.string().trim().pipe(singleLineText(254, 1));

/** A secret or key from a link or a header (tokens, ficheKey, oubliKey, Idempotency-Key). */
export const keyText = (max: number) => singleLineText(max, 0);

/**
 * An integer between min and max, from JSON (a number) or a query string (decimal digits with an
 * optional sign). Fractions, exponents, NaN and anything out of range are refused.
 */
export function boundedInt(min: number, max: number) {
  return z.union([z.number(), z.string().max(12)]).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^[+-]?\d{1,11}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });
}

/** How deeply free-form JSON may nest: the deepest the API takes is a linked combo in a record. */
export const MAX_JSON_DEPTH = 8;

export interface UnsafeJson {
  /** Where, as a dotted path ("" for the value itself). */
  path: string;
  message: string;
}

/**
 * The first place in a JSON value that breaks the rules for free-form JSON: keys are single-line
 * text, strings are multi-line text (the field's own rule, applied later, may be stricter; a query
 * string's values are all single-line), numbers are finite, depth is at most `maxDepth`. Walks
 * without recursion: a hostile body cannot exhaust the stack.
 */
export function findUnsafeJson(
  value: unknown,
  options: { maxDepth?: number; strings?: TextKind } = {},
): UnsafeJson | null {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const strings = options.strings ?? 'multi-line';
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      const problem = textProblem(v, strings);
      if (problem) return { path: item.path, message: TEXT_PROBLEM_MESSAGES[problem] };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path: item.path, message: 'must be a finite number' };
    } else if (v !== null && typeof v === 'object') {
      if (item.depth >= maxDepth) return { path: item.path, message: `must nest at most ${maxDepth} levels` };
      for (const [key, child] of Object.entries(v)) {
        const path = item.path ? `${item.path}.${key}` : key;
        const problem = textProblem(key, 'single-line');
        if (problem) return { path, message: `names ${TEXT_PROBLEM_MESSAGES[problem]}` };
        stack.push({ value: child, path, depth: item.depth + 1 });
      }
    }
  }
  return null;
}

/** The free-form JSON rules (findUnsafeJson) as a zod check reporting the offending path. */
function checkSafeJson(value: unknown, ctx: z.RefinementCtx): boolean {
  const unsafe = findUnsafeJson(value);
  if (!unsafe) return true;
  // Fatal: later checks (sizes measured with JSON.stringify) must not see a hostile value.
  ctx.addIssue({
    code: 'custom',
    message: unsafe.message,
    path: unsafe.path ? unsafe.path.split('.') : [],
    continue: false,
  });
  return false;
}

/** Any JSON value under the free-form JSON rules, at most `maxChars` characters of JSON. */
export function safeJson(maxChars: number) {
  return z.unknown().superRefine((value, ctx) => {
    if (!checkSafeJson(value, ctx)) return;
    if ((JSON.stringify(value) ?? '').length > maxChars)
      ctx.addIssue({
        code: 'custom',
        message: `at most ${maxChars.toLocaleString('en')} characters of JSON`,
      });
  });
}

/**
 * A JSON object of named fields (a record's or a booking's form fields): at most `maxFields`
 * names of at most 64 characters, at most `maxChars` characters of JSON, free-form JSON rules.
 */
export function fieldMap(maxFields: number, maxChars: number) {
  return z.record(singleLineText(64), z.unknown()).superRefine((value, ctx) => {
    if (!checkSafeJson(value, ctx)) return;
    if (Object.keys(value).length > maxFields)
      ctx.addIssue({ code: 'custom', message: `at most ${maxFields} fields` });
    else if (JSON.stringify(value).length > maxChars)
      ctx.addIssue({
        code: 'custom',
        message: `at most ${maxChars.toLocaleString('en')} characters of JSON`,
      });
  });
}

/**
 * Years a date about bookings may name (a slot list's start, an appointment's date). Anything
 * else is absurd and refused outright; inside, the group's booking horizon decides
 * (modules/availability/booking-horizon.ts). Up to 2999 every instant fits the database's
 * integer minutes.
 */
export const BOOKING_YEARS = { min: 2000, max: 2999 } as const;

/** True when a text starting "YYYY-" names a year in BOOKING_YEARS. */
export function isBookingYear(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return Number.isInteger(year) && year >= BOOKING_YEARS.min && year <= BOOKING_YEARS.max;
}
