/**
 * Writes and reads a whole group configuration. Catalogue rows are upserted by (group_id, externid)
 * and rows missing from the file are marked deleted, never removed: appointments keep pointing at
 * them. Schedules, links and forms belong to nothing else and are replaced outright.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
type CatalogueTable = 'interventionsets' | 'interventions' | 'calendarsets' | 'calendars';

export async function upsertGroup(
  db: Db,
  row: { urlname: string; name: string; active: boolean; settings: unknown; sso: unknown },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('groups')
    .select('id')
    .where('urlname', '=', row.urlname)
    .executeTakeFirst();
  const values = {
    name: row.name,
    active: row.active,
    settings: JSON.stringify(row.settings),
    sso: row.sso == null ? null : JSON.stringify(row.sso),
  };
  if (existing) {
    await db
      .updateTable('groups')
      .set({ ...values, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  const inserted = await db
    .insertInto('groups')
    .values({ urlname: row.urlname, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, created: true };
}

/** Inserts a new group; undefined when the urlname is taken (after any racing insert committed). */
export async function insertGroupIfNew(
  db: Db,
  row: { urlname: string; name: string; active: boolean; settings: unknown; sso: unknown },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('groups')
    .values({
      urlname: row.urlname,
      name: row.name,
      active: row.active,
      settings: JSON.stringify(row.settings),
      sso: row.sso == null ? null : JSON.stringify(row.sso),
    })
    .onConflict((oc) => oc.column('urlname').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * Upserts catalogue rows of one kind by externid and marks the group's other rows of that kind
 * deleted. Returns externid → id for resolving references.
 */
export async function upsertCatalogue<T extends CatalogueTable>(
  db: Db,
  table: T,
  groupId: number,
  rows: ({ externid: string } & Record<string, unknown>)[],
  scope?: { column: 'type'; value: 'free' | 'pack' },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const row of rows) {
    const values = { ...row, group_id: groupId } as never;
    const result = await db
      .insertInto(table as CatalogueTable)
      .values(values)
      .onConflict((oc) => oc.columns(['group_id', 'externid']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(row.externid, result.id);
  }
  let stale = db
    .updateTable(table as CatalogueTable)
    .set({ deleted: true })
    .where('group_id', '=', groupId);
  if (scope) stale = stale.where(scope.column as never, '=', scope.value as never);
  if (ids.size > 0) stale = stale.where('id', 'not in', [...ids.values()]);
  await stale.execute();
  return ids;
}

export async function replaceGroupChildren(db: Db, groupId: number): Promise<void> {
  for (const table of ['calendar_interventions', 'opening_ranges', 'form_fields'] as const) {
    await db.deleteFrom(table).where('group_id', '=', groupId).execute();
  }
  // Only the configuration's own exceptions: absences and closures made in the back office
  // (created_by set) are the business's day-to-day, like its appointments, and outlive an import
  // or a restore (docs/group-configuration.md "While the server runs, and versions").
  await db
    .deleteFrom('schedule_exceptions')
    .where('group_id', '=', groupId)
    .where('created_by', 'is', null)
    .execute();
}

export async function insertRows<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly unknown[],
): Promise<void> {
  // Chunked: PostgreSQL caps a statement at 65,535 parameters.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}

export async function upsertWebsite(
  db: Db,
  groupId: number,
  domain: string | null,
  settings: unknown | null,
) {
  if (settings == null) {
    await db.deleteFrom('websites').where('group_id', '=', groupId).execute();
    return;
  }
  const values = { group_id: groupId, domain, settings: JSON.stringify(settings) };
  await db
    .insertInto('websites')
    .values(values)
    .onConflict((oc) => oc.column('group_id').doUpdateSet({ domain, settings: values.settings }))
    .execute();
}

export async function upsertPromotions(
  db: Db,
  groupId: number,
  rows: ({ externid: string } & Record<string, unknown>)[],
) {
  const ids: number[] = [];
  for (const row of rows) {
    const values = { ...row, group_id: groupId } as never;
    const result = await db
      .insertInto('promotions')
      .values(values)
      .onConflict((oc) => oc.columns(['group_id', 'externid']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(result.id);
  }
  let stale = db.updateTable('promotions').set({ deleted: true }).where('group_id', '=', groupId);
  if (ids.length > 0) stale = stale.where('id', 'not in', ids);
  await stale.execute();
}

/** Everything export needs, live rows only. */
export async function readGroupForExport(db: Db, urlname: string) {
  const group = await db.selectFrom('groups').selectAll().where('urlname', '=', urlname).executeTakeFirst();
  if (!group) return undefined;
  const g = group.id;
  const [
    website,
    interventionsets,
    interventions,
    calendarsets,
    calendars,
    links,
    ranges,
    exceptions,
    promotions,
    fields,
  ] = await Promise.all([
    db.selectFrom('websites').selectAll().where('group_id', '=', g).executeTakeFirst(),
    db
      .selectFrom('interventionsets')
      .selectAll()
      .where('group_id', '=', g)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('interventions')
      .selectAll()
      .where('group_id', '=', g)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('calendarsets')
      .selectAll()
      .where('group_id', '=', g)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('calendars')
      .selectAll()
      .where('group_id', '=', g)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db.selectFrom('calendar_interventions').selectAll().where('group_id', '=', g).execute(),
    db.selectFrom('opening_ranges').selectAll().where('group_id', '=', g).orderBy('id').execute(),
    db
      .selectFrom('schedule_exceptions')
      .selectAll()
      .where('group_id', '=', g)
      .where('created_by', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('promotions')
      .selectAll()
      .where('group_id', '=', g)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('form_fields')
      .selectAll()
      .where('group_id', '=', g)
      .orderBy('form')
      .orderBy('position')
      .execute(),
  ]);
  return {
    group,
    website,
    interventionsets,
    interventions,
    calendarsets,
    calendars,
    links,
    ranges,
    exceptions,
    promotions,
    fields,
  };
}
