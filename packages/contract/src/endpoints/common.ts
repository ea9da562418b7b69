/** Schemas several endpoints share. */
import { z } from 'zod';
import { commonQuery } from '../params.ts';

/** The query every call may carry and nothing else. */
export const plainQuery = z.object({ ...commonQuery });

/** "0"/"1"/"true"/"false" (and, in bodies, booleans and 0/1): a yes or no. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A query-string yes or no. */
export const queryFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** An instant as the API writes it: ISO 8601 (with Z or the group's offset). */
export const instant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'an ISO 8601 date-time');

/** A calendar date, YYYY-MM-DD. */
export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A translation map: per language, any of the item's texts. */
export const translations = z.record(z.string(), z.looseObject({}));
