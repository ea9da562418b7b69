/**
 * What a server builds from a group's catalogue (the engine's schedule index, the form definitions,
 * the service prices), kept between requests. Exact, not merely recent: every write to a catalogue
 * table bumps groups.catalogue_version (trigger, migration 003), and the caller holds a group row it
 * has just read, so an entry serves only while that row's version — and whatever else the value was
 * built from (`variant`: the time zone, the day) — still match. A booking thus skips the catalogue
 * reads, the largest part of its statements, without ever seeing stale hours, prices or fields.
 *
 * Entries are per database handle (tests run several databases in one process) and per group, at
 * most MAX_GROUPS groups each, the least recently used dropped first.
 */
import type { Kysely } from 'kysely';
import type { Database, GroupRow } from '../../db/database.ts';

const MAX_GROUPS = 1_000;

interface Entry<T> {
  key: string;
  value: Promise<T>;
}

export interface CatalogueCache<T> {
  /** The cached value for this group row and variant, else `load()`'s (kept once it resolves). */
  get(db: Kysely<Database>, group: GroupRow, variant: string, load: () => Promise<T>): Promise<T>;
}

export function catalogueCache<T>(): CatalogueCache<T> {
  const byDatabase = new WeakMap<Kysely<Database>, Map<number, Entry<T>>>();
  return {
    get(db, group, variant, load) {
      let entries = byDatabase.get(db);
      if (!entries) {
        entries = new Map();
        byDatabase.set(db, entries);
      }
      const key = `${String(group.catalogue_version)}|${variant}`;
      const hit = entries.get(group.id);
      entries.delete(group.id);
      if (hit?.key === key) {
        entries.set(group.id, hit);
        return hit.value;
      }
      const value = load();
      const entry = { key, value };
      if (entries.size >= MAX_GROUPS) entries.delete(entries.keys().next().value!);
      entries.set(group.id, entry);
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(group.id) === entry) entries.delete(group.id);
      });
      return value;
    },
  };
}
