/**
 * Query-string parsing. The calls use bracket notation (`intervention_ids[]=1`,
 * `conditions[0][field]=id`, `appointments[0][calendar_id]=3`), so the query string is parsed with
 * qs, bounded so a hostile URL cannot blow up memory; the contract's schemas
 * (packages/contract/src/params.ts) then check the values.
 */
import qs from 'qs';

export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, {
    depth: 3,
    arrayLimit: 200,
    parameterLimit: 500,
    allowPrototypes: false,
    allowDots: false,
  });
}
