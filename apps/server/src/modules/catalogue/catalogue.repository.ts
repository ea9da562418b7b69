import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface CatalogueFilter {
  groupId: number;
  /** Include items whose public name is empty (call-centre professionals). */
  includeUnnamed: boolean;
  ids?: number[] | undefined;
  externids?: string[] | undefined;
}

type CatalogueTable = 'interventionsets' | 'interventions' | 'calendarsets' | 'calendars';

function scoped<T extends CatalogueTable, O>(
  query: SelectQueryBuilder<Database, T, O>,
  filter: CatalogueFilter,
): SelectQueryBuilder<Database, T, O> {
  // The casts keep one helper for four tables that share these columns.
  let q = query
    .where('group_id' as never, '=', filter.groupId as never)
    .where('deleted' as never, '=', false as never) as SelectQueryBuilder<Database, T, O>;
  if (!filter.includeUnnamed) q = q.where('publicname' as never, '<>', '' as never) as typeof q;
  if (filter.ids)
    q = q.where('id' as never, 'in', (filter.ids.length ? filter.ids : [0]) as never) as typeof q;
  if (filter.externids) {
    q = q.where(
      'externid' as never,
      'in',
      (filter.externids.length ? filter.externids : ['']) as never,
    ) as typeof q;
  }
  return q.orderBy('sort' as never).orderBy('id' as never) as typeof q;
}

export function listInterventionsets(db: Kysely<Database>, filter: CatalogueFilter) {
  return scoped(db.selectFrom('interventionsets').selectAll(), filter).execute();
}

export function listInterventions(db: Kysely<Database>, filter: CatalogueFilter, type: 'free' | 'pack') {
  let q = scoped(db.selectFrom('interventions').selectAll(), filter).where('type', '=', type);
  if (type === 'pack') q = q.where('status', '=', 'opened');
  return q.execute();
}

export function listCalendarsets(db: Kysely<Database>, filter: CatalogueFilter) {
  return scoped(db.selectFrom('calendarsets').selectAll(), filter).execute();
}

export function listCalendars(db: Kysely<Database>, filter: CatalogueFilter, resource?: boolean) {
  let q = scoped(db.selectFrom('calendars').selectAll(), filter);
  if (resource !== undefined) q = q.where('is_resource', '=', resource);
  return q.execute();
}

/** Live single services and opened packs of the group, for category membership. */
export function listCategoryMembers(db: Kysely<Database>, groupId: number, includeUnnamed: boolean) {
  let q = db
    .selectFrom('interventions')
    .select(['id', 'interventionset_id'])
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .where('status', '=', 'opened')
    .where('interventionset_id', 'is not', null);
  if (!includeUnnamed) q = q.where('publicname', '<>', '');
  return q.orderBy('sort').orderBy('id').execute();
}

export function listLinks(db: Kysely<Database>, groupId: number) {
  return db
    .selectFrom('calendar_interventions')
    .innerJoin('interventions', 'interventions.id', 'calendar_interventions.intervention_id')
    .select([
      'calendar_interventions.calendar_id',
      'calendar_interventions.intervention_id',
      'calendar_interventions.duration',
    ])
    .where('calendar_interventions.group_id', '=', groupId)
    .where('interventions.deleted', '=', false)
    .orderBy('calendar_interventions.intervention_id')
    .execute();
}

/** Promotions still running on or after `today` (a local date of the group). */
export function listCurrentPromotions(db: Kysely<Database>, groupId: number, today: string) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('to_date', 'is', null), eb('to_date', '>=', today)]))
    .orderBy('id')
    .execute();
}
