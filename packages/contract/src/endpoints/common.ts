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
