/**
 * The parameters many calls share (docs/api.md "Conventions"): ids, id lists, "no choice" ids, the
 * language, the api key and token, and the catalogue's verification conditions. The calls use
 * bracket notation (`intervention_ids[]=1`, `conditions[0][field]=id`); the server parses the query
 * string into objects before these schemas see it.
 */
import { z } from 'zod';
import { keyText, singleLineText } from './wire-rules.ts';

const MAX_INT = 2_147_483_647;

/** A database id in a path or query: decimal digits, 1 … 2^31-1. */
export const dbId = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = String(value);
  const n = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_INT) {
    ctx.addIssue({ code: 'custom', message: 'must be a positive integer id' });
    return z.NEVER;
  }
  return n;
});

/** "0" or empty means "no choice" in the spec's calendar_id/resource_id parameters. */
export const optionalChoiceId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '' || value === '0' || value === 0) return undefined;
    const parsed = dbId.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'must be a positive integer id or 0' });
      return z.NEVER;
    }
    return parsed.data;
  });

/** A list of ids given as `x[]=1&x[]=2`, `x=1,2` or `x=1`. */
export const idList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])).max(200)])
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : String(value).split(','))
      .map((v) => String(v).trim())
      .filter(Boolean);
    const ids: number[] = [];
    for (const part of parts) {
      if (part === '0') continue;
      const parsed = dbId.safeParse(part);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'must be a list of positive integer ids' });
        return z.NEVER;
      }
      ids.push(parsed.data);
    }
    return ids;
  });

export const localeParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, 'must be a language code such as fr or pt-BR')
  .optional();

/** Parameters every call carries (the api key is checked by a hook before validation). */
export const commonQuery = {
  apikey: keyText(200).optional(),
  results: z.enum(['all']).optional(),
  token: keyText(200).optional(),
};

const condition = z.object({
  field: z.enum(['id', 'externid']),
  op: z.enum(['=', 'in']),
  value: z.union([singleLineText(4000), z.array(singleLineText(255)).max(200)]),
});

/** The spec's verification conditions: `conditions[0][field]`, `[op]`, `[value]`, ANDed. */
export const conditionsParam = z
  .preprocess(
    (value) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : value),
    z.array(condition).max(10),
  )
  .optional();
