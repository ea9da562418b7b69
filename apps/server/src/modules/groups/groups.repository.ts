import type { Kysely } from 'kysely';
import type { Database, GroupRow } from '../../db/database.ts';
import { fixedShape, type Placeholders } from '../../db/fixed-shape.ts';

export function findGroupByUrlname(db: Kysely<Database>, urlname: string): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('urlname', '=', urlname).executeTakeFirst();
}

export async function findGroupById(db: Kysely<Database>, id: number): Promise<GroupRow | undefined> {
  const [row] = await groupByIdQuery.execute(db, { id });
  return row;
}

/** Read by nearly every request (its scope): built once (db/fixed-shape.ts). */
const groupByIdQuery = fixedShape((db, p: Placeholders<{ id: number }>) =>
  db.selectFrom('groups').selectAll().where('id', '=', p.id),
);

export async function findUrlnameByDomain(db: Kysely<Database>, domain: string) {
  return db
    .selectFrom('websites')
    .innerJoin('groups', 'groups.id', 'websites.group_id')
    .select(['groups.urlname', 'groups.settings'])
    .where('websites.domain', '=', domain)
    .executeTakeFirst();
}

/** Counts and links the public group configuration derives from the catalogue. */
export async function readGroupDerivedFacts(db: Kysely<Database>, groupId: number, today: string) {
  const [resources, sets, calsets, links, packs, promotions] = await Promise.all([
    db
      .selectFrom('calendars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .where('deleted', '=', false)
      .where('is_resource', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('interventionsets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .where('deleted', '=', false)
      .where('publicname', '<>', '')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('calendarsets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .where('deleted', '=', false)
      .where('publicname', '<>', '')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('calendar_interventions')
      .innerJoin('calendars', 'calendars.id', 'calendar_interventions.calendar_id')
      .innerJoin('interventions', 'interventions.id', 'calendar_interventions.intervention_id')
      .select(['calendar_interventions.calendar_id', 'calendar_interventions.intervention_id'])
      .where('calendar_interventions.group_id', '=', groupId)
      .where('calendars.deleted', '=', false)
      .where('interventions.deleted', '=', false)
      .orderBy('calendar_interventions.calendar_id')
      .orderBy('calendar_interventions.intervention_id')
      .execute(),
    db
      .selectFrom('interventions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .where('deleted', '=', false)
      .where('type', '=', 'pack')
      .where('status', '=', 'opened')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('promotions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .where('deleted', '=', false)
      .where((eb) => eb.or([eb('to_date', 'is', null), eb('to_date', '>=', today)]))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    resourceCount: Number(resources.n),
    publicInterventionsets: Number(sets.n),
    publicCalendarsets: Number(calsets.n),
    links,
    packCount: Number(packs.n),
    activePromotions: Number(promotions.n),
  };
}

export async function readFormFields(db: Kysely<Database>, groupId: number) {
  return db
    .selectFrom('form_fields')
    .select(['form', 'definition'])
    .where('group_id', '=', groupId)
    .orderBy('form')
    .orderBy('position')
    .execute();
}
