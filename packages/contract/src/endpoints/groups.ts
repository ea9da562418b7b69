/** A group as its pages start from it, its host and shard look-ups, its mini-site and a pro's groups. */
import {
  formFieldSchema,
  groupSettingsSchema,
  websiteSchema,
} from '@creneau/core/group-config/group-config.schema';
import { z } from 'zod';
import { type AnswerOf, endpoint, records } from '../endpoint.ts';
import { commonQuery, dbId } from '../params.ts';
import { singleLineText } from '../wire-rules.ts';
import { plainQuery } from './common.ts';

const urlname = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a url name (a-z, 0-9, -)');

/**
 * The group configuration the booking page starts from: the group's settings (docs/group-configuration.md)
 * without its booking rules' private parts, with facts derived from its catalogue.
 */
export const publicGroup = groupSettingsSchema
  // The settings as they are stored, but for these three, which the answer gives in its own form.
  .omit({ rules: true, enabled_locales: true, profile: true })
  .extend({
    id: z.number().int(),
    urlname: z.string(),
    name: z.string(),
    /** Comma-separated language codes. */
    enabled_locales: z.string(),
    active: z.literal(true),
    inactive: z.literal(false),
    has_promotions: z.boolean(),
    resource_count: z.number().int(),
    public_interventionsets: z.number().int(),
    public_calendarsets: z.number().int(),
    /** Per calendar id, the services it performs. */
    calendars_interventions_links: z.record(z.string(), z.array(z.number().int())),
    pack_interventions: z.boolean(),
    sso_provider: z.object({ issuer: z.string() }).nullable(),
    /** The server's map tile URL when it has one; the web app then falls back to its build-time one. */
    map_tile_url: z.string().nullable().optional(),
    profile: z.object({
      use_api_v3: z.boolean(),
      use_booking_service: z.boolean(),
      ants_group: z.boolean(),
      pack_interventions: z.boolean(),
      merge_interventions: z.boolean(),
      hide_marketing_sms: z.boolean(),
    }),
    rules: z.object({
      min_notice_minutes: z.number(),
      cancel_notice_minutes: z.number(),
      modify_notice_minutes: z.number(),
      max_future_appointments: z.number().nullable(),
    }),
    forms: z.object({ fiche: z.array(formFieldSchema), vevent: z.array(formFieldSchema) }),
  });

export const getGroup = endpoint({
  method: 'GET',
  path: '/api/v3/services/groups/:urlname.json',
  summary: 'The group configuration the booking page starts from',
  description:
    'An inactive group answers 404 groupDoesNotExist with `group: {urlname, name, phone, inactive: true}`.',
  tags: ['groups'],
  params: z.object({ urlname }),
  querystring: plainQuery,
  answers: { 200: publicGroup },
});

export const findUrlnameByHost = endpoint({
  method: 'GET',
  path: '/api/urlname',
  summary: 'Find the group served on a host ("/" with no url name)',
  tags: ['groups'],
  querystring: z.object({ ...commonQuery, website: singleLineText(2048, 1) }),
  answers: { 200: z.object({ urlname: z.string(), shard_name: z.string() }) },
});

export const findShard = endpoint({
  method: 'GET',
  path: '/api/shard',
  summary: 'The shard holding a group',
  tags: ['groups'],
  querystring: z.object({ ...commonQuery, value: urlname, field: z.literal('urlname') }),
  answers: { 200: z.object({ shard_name: z.string() }) },
});

/**
 * The mini-site home page's settings (docs/group-configuration.md, "website"): as stored, with the
 * configuration's externid references turned into ids and its images as the gallery.
 */
export const website = websiteSchema.omit({ images: true }).extend({
  group_id: z.number().int(),
  listing_ids: z.array(z.number().int()),
  listset_ids: z.array(z.number().int()),
  package_ids: z.array(z.number().int()),
  highlight_service: z.number().int().nullable(),
  highlight_package: z.number().int().nullable(),
  /** The first gallery image. */
  image: z.string().nullable(),
  file_upload: z.array(z.object({ url: z.string(), alt: z.string() })),
});

export const getWebsite = endpoint({
  method: 'GET',
  path: '/api/v3/websites',
  summary: 'Mini-site home settings of a group',
  tags: ['groups'],
  querystring: z.object({ ...commonQuery, group_id: dbId }),
  answers: { 200: website },
});

export const listProGroups = endpoint({
  method: 'GET',
  path: '/api/v3/groups',
  summary: "A professional's groups",
  tags: ['sessions'],
  querystring: plainQuery,
  answers: { 200: records(z.object({ id: z.number().int(), name: z.string(), urlname: z.string() })) },
});

export type PublicGroup = z.output<typeof publicGroup>;
export type Website = z.output<typeof website>;
export type UrlnameLookup = AnswerOf<typeof findUrlnameByHost>;
export type ShardLookup = AnswerOf<typeof findShard>;
