/** The group's catalogue: categories, services, packs, calendar sets, calendars and resources. */
import { z } from 'zod';
import { endpoint, records } from '../endpoint.ts';
import { commonQuery, conditionsParam, dbId, idList, localeParam } from '../params.ts';
import { queryFlag } from './common.ts';

const params = z.object({ id: dbId });
const listQuery = z.object({ ...commonQuery, locale: localeParam, conditions: conditionsParam });

/** What every catalogue item has: its ids, texts in the asked language, picture and order. */
const catalogueItem = z.object({
  id: z.number().int(),
  /** Every item has one (the configuration references items by it). */
  externid: z.string(),
  name: z.string(),
  /** Empty: hidden from the public (call-centre professionals of the group still see it). */
  publicname: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string().nullable(),
  sort: z.number(),
});

export const interventionset = catalogueItem.extend({ interventions: z.array(z.number().int()) });

export const promotion = z.object({
  id: z.number().int(),
  label: z.string(),
  percent: z.number(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  weekdays: z.array(z.string()).nullable(),
  from_time: z.string().nullable(),
  to_time: z.string().nullable(),
});

/** One service of a pack, in order: 0 is a pause between services. */
export const packItem = z.object({
  intervention_id: z.number().int(),
  publicname: z.string().nullable().optional(),
  /** Minutes of pause after this item. */
  break_time: z.number().optional(),
  /** The calendar preselected for this item (docs/group-configuration.md, "Catalogue"). */
  selectedCalendar: z.number().int().nullable().optional(),
});

export const intervention = catalogueItem.extend({
  type: z.enum(['free', 'pack']),
  deleted: z.boolean(),
  interventionset_id: z.number().int().nullable(),
  /** Cents. */
  price: z.number().nullable(),
  /** Minutes. */
  length: z.number(),
  promotions: z.array(promotion),
  videoconference: z.boolean(),
  skippable_agenda: z.boolean(),
  need_resource: z.boolean(),
  only_package: z.boolean(),
  merged: z.boolean(),
  abbr: z.string().nullable(),
  config: z.array(packItem).nullable(),
  status: z.enum(['opened', 'closed']).optional(),
  total_price: z.number().nullable().optional(),
});

export const calendarset = catalogueItem.extend({ calendars: z.array(z.number().int()) });

export const calendar = catalogueItem.extend({
  deleted: z.boolean(),
  /** A resource is a calendar with resource: true. */
  resource: z.boolean(),
  calendarset_id: z.number().int().nullable(),
  capacity: z.number().int(),
  slot_step: z.number().int(),
  maxrdv_period: z.number().int().nullable(),
  interventions: z.array(z.object({ intervention_id: z.number().int(), duration: z.number().nullable() })),
  intervention_ids: z.array(z.number().int()),
});

const list = <P extends string, T extends z.ZodType, Q extends z.ZodType = typeof listQuery>(
  path: P,
  summary: string,
  item: T,
  querystring?: Q,
) =>
  endpoint({
    method: 'GET',
    path: `/api/v3/groups/:id/${path}` as const,
    summary,
    tags: ['catalogue'],
    params,
    querystring: (querystring ?? listQuery) as Q,
    answers: { 200: records(item) },
  });

export const listInterventionsets = list('interventionsets', 'Categories', interventionset);
export const listInterventions = list('interventions', 'Services', intervention);
export const listPackInterventions = list('pack_interventions', 'Packs (opened only)', intervention);
export const listCalendarsets = list('calendarsets', 'Calendar sets', calendarset);
export const listCalendars = list(
  'calendars',
  'Calendars and resources (a resource is a calendar with resource: true)',
  calendar,
  listQuery.extend({
    resource: queryFlag.optional(),
    intervention_ids: idList.optional().describe('only calendars performing every one of these services'),
  }),
);

export type Promotion = z.output<typeof promotion>;
export type Interventionset = z.output<typeof interventionset>;
export type PackItem = z.output<typeof packItem>;
export type Intervention = z.output<typeof intervention>;
export type Calendarset = z.output<typeof calendarset>;
export type Calendar = z.output<typeof calendar>;
