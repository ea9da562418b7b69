/**
 * A call's query parameters and their encoding in the bracket notation the API reads. Below both
 * the HTTP client (client.ts) and the choice of API generation (api-generation.ts), which route and
 * send them.
 */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };
export type QueryParams = Record<string, QueryValue>;

/** Encodes params in the bracket notation the API reads (`ids[]=1`, `conditions[0][field]=id`). */
export function encodeQuery(params: QueryParams): string {
  const parts: string[] = [];
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        add(typeof item === 'object' && item !== null ? `${key}[${index}]` : `${key}[]`, item);
      });
    } else if (typeof value === 'object') {
      for (const [sub, item] of Object.entries(value)) add(`${key}[${sub}]`, item as QueryValue);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}
