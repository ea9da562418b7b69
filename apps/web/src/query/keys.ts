/**
 * Query keys and answers, pure (docs/decisions/020-own-query-module.md): a key's hash, whether a
 * key falls under a filter, and keeping the parts of a new answer that equal the old one.
 */

export type QueryKey = readonly unknown[];

declare const dataType: unique symbol;
/** A key that carries the type of its answer (from queryOptions), so getQueryData and setQueryData know it. */
export type TaggedKey<T> = QueryKey & { [dataType]?: T };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** The same hash for keys that differ only in the order of an object's fields (as TanStack Query's). */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, value[name]]),
        )
      : value,
  );
}

/**
 * Whether `key` falls under `filter`, as TanStack Query matches them: every element of the filter
 * equals the key's at the same place, an object of the filter matching when its own fields do (so
 * ['availabletimeslots', 5] covers every slot list of group 5).
 */
export function matchesKey(key: unknown, filter: unknown): boolean {
  if (key === filter) return true;
  if (typeof key !== typeof filter || !key || !filter || typeof filter !== 'object') return false;
  return Object.keys(filter).every((name) =>
    matchesKey((key as Record<string, unknown>)[name], (filter as Record<string, unknown>)[name]),
  );
}

/**
 * The new answer, but with every part deep-equal to the old one's replaced by the old one, so that
 * an answer read again unchanged re-renders nothing and leaves effects' dependencies as they were.
 */
export function keepEqual<T>(old: unknown, next: T): T {
  if (old === next) return old as T;
  const arrays = Array.isArray(old) && Array.isArray(next);
  if (!arrays && !(isPlainObject(old) && isPlainObject(next))) return next;
  const oldRecord = old as Record<string, unknown>;
  const nextRecord = next as Record<string, unknown>;
  const names = Object.keys(nextRecord);
  const copy = (arrays ? [] : {}) as Record<string, unknown>;
  let same = names.length === Object.keys(oldRecord).length;
  for (const name of names) {
    copy[name] = keepEqual(oldRecord[name], nextRecord[name]);
    if (copy[name] !== oldRecord[name] || !(name in oldRecord)) same = false;
  }
  return (same ? old : copy) as T;
}
