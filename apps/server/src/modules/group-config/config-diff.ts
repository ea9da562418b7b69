/**
 * A readable difference between two group configurations (docs/group-configuration.md
 * "Versions"): one line per value that differs, named by its path in the document. Lists of
 * items with an `externid` are compared item by item by that reference — a service moved in the
 * list is not a change, a renamed one is one change on its name — and other lists by position.
 */
import { isDeepStrictEqual } from 'node:util';

export interface ConfigChange {
  /** Where, e.g. `interventions[cut].price` or `settings.phone`. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The externid of every item, when every item of the list has a distinct one. */
function externids(list: readonly Json[]): string[] | undefined {
  const ids = list.map((item) =>
    isObject(item) && typeof item.externid === 'string' ? item.externid : undefined,
  );
  if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) return undefined;
  return ids as string[];
}

const child = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}${path ? '.' : ''}${key}` : `${path}[${JSON.stringify(key)}]`;

function walk(before: Json, after: Json, path: string, changes: ConfigChange[]): void {
  if (isDeepStrictEqual(before, after)) return;
  if (before === undefined) {
    changes.push({ path, kind: 'added', after });
    return;
  }
  if (after === undefined) {
    changes.push({ path, kind: 'removed', before });
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort())
      walk(before[key], after[key], child(path, key), changes);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const beforeIds = externids(before);
    const afterIds = externids(after);
    if (beforeIds && afterIds) {
      const byId = (list: readonly Json[], ids: string[]) =>
        new Map(ids.map((id, index) => [id, list[index]]));
      const old = byId(before, beforeIds);
      const now = byId(after, afterIds);
      // Kept items in their new order, then the removed ones.
      for (const id of [...afterIds, ...beforeIds.filter((id) => !now.has(id))])
        walk(old.get(id), now.get(id), `${path}[${id}]`, changes);
      return;
    }
    for (let index = 0; index < Math.max(before.length, after.length); index++)
      walk(before[index], after[index], `${path}[${index}]`, changes);
    return;
  }
  changes.push({ path, kind: 'changed', before, after });
}

export function diffConfigs(before: Json, after: Json): ConfigChange[] {
  const changes: ConfigChange[] = [];
  walk(before, after, '', changes);
  return changes;
}
