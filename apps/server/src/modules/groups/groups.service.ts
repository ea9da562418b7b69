import { localDateIn } from '@creneau/core/time/time-zone';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { KeptGroupRows } from '../../caching/group-rows.ts';
import type { Database, GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { dbForUrlname, everyShard } from '../../sharding/group-shard-context.ts';
import { catalogueCache } from './catalogue-cache.ts';
import * as repo from './groups.repository.ts';

/** The group behind an id in a path, refusing unknown and inactive groups alike. */
type FormFieldRows = Awaited<ReturnType<typeof repo.readFormFields>>;
const formFields = catalogueCache<FormFieldRows>();

/**
 * The group's fiche and vevent form definitions as of the group row just read (its catalogue
 * version), loaded through `db` when not cached.
 */
export function groupFormFields(
  ctx: { db: Kysely<Database> },
  db: Kysely<Database>,
  group: GroupRow,
): Promise<FormFieldRows> {
  return formFields.get(ctx.db, group, '', () => repo.readFormFields(db, group.id));
}

/** A group by id, active or not (undefined when there is none). */
export function findGroup(ctx: AppContext, id: number): Promise<GroupRow | undefined> {
  return repo.findGroupById(ctx.db, id);
}

/** Whether a url name belongs to an active group. */
export async function isActiveUrlname(ctx: AppContext, urlname: string): Promise<boolean> {
  return Boolean((await repo.findGroupByUrlname(await dbForUrlname(ctx, urlname), urlname))?.active);
}

/**
 * The active group `id`; groupDoesNotExist otherwise. With `kept`, a copy of the row this process
 * holds while no change to it has been heard (caching/group-rows.ts).
 */
export async function loadActiveGroup(ctx: AppContext, id: number, kept?: KeptGroupRows): Promise<GroupRow> {
  const read = () => repo.findGroupById(ctx.db, id);
  const group = await (kept ? kept.find(id, read) : read());
  if (!group?.active) throw errors.groupDoesNotExist();
  return group;
}

export async function getPublicGroup(ctx: AppContext, urlname: string) {
  const db = await dbForUrlname(ctx, urlname);
  const group = await repo.findGroupByUrlname(db, urlname);
  if (!group) throw errors.groupDoesNotExist();
  const settings = group.settings;
  if (!group.active) {
    // The inactive page shows the group's name and phone (docs/requirements/booking-flow.md §2), so they come with the error.
    throw errors.groupDoesNotExist({
      group: { urlname: group.urlname, name: group.name, phone: settings.phone ?? null, inactive: true },
    });
  }
  const today = localDateIn(ctx.now(), settings.timezone);
  const [facts, fields] = await Promise.all([
    repo.readGroupDerivedFacts(db, group.id, today),
    repo.readFormFields(db, group.id),
  ]);
  const links: Record<string, number[]> = {};
  for (const link of facts.links) {
    links[link.calendar_id] ??= [];
    links[link.calendar_id]!.push(link.intervention_id);
  }
  // The booking rules go out in part below; the business's own addresses never do.
  const { rules, notifications: _notifications, ...publicSettings } = settings;
  const sso = group.sso as { issuer: string } | null;
  return {
    id: group.id,
    urlname: group.urlname,
    name: group.name,
    ...publicSettings,
    enabled_locales: settings.enabled_locales.join(','),
    active: true,
    inactive: false,
    has_promotions: facts.activePromotions > 0,
    resource_count: facts.resourceCount,
    public_interventionsets: facts.publicInterventionsets,
    public_calendarsets: facts.publicCalendarsets,
    calendars_interventions_links: links,
    pack_interventions: facts.packCount > 0,
    sso_provider: sso ? { issuer: sso.issuer } : null,
    map_tile_url: ctx.config.mapTileUrl,
    profile: {
      ...settings.profile,
      pack_interventions: facts.packCount > 0,
      merge_interventions: settings.merge_interventions,
      hide_marketing_sms: settings.hide_marketing_sms,
    },
    rules: {
      min_notice_minutes: rules.min_notice_minutes,
      cancel_notice_minutes: rules.cancel_notice_minutes,
      modify_notice_minutes: rules.modify_notice_minutes,
      max_future_appointments: rules.max_future_appointments,
    },
    forms: {
      fiche: fields.filter((f) => f.form === 'fiche').map((f) => f.definition),
      vevent: fields.filter((f) => f.form === 'vevent').map((f) => f.definition),
    },
  };
}

export async function lookupUrlnameByHost(ctx: AppContext, website: string) {
  const host = website
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/:].*$/, '')
    .replace(/^www\./, '');
  // Websites live with their group: on a sharded deployment each shard is asked in turn.
  for (const db of everyShard(ctx)) {
    const found =
      (await repo.findUrlnameByDomain(db, host)) ?? (await repo.findUrlnameByDomain(db, `www.${host}`));
    if (found) return { urlname: found.urlname, shard_name: await shardNameOf(ctx, found) };
  }
  throw errors.groupDoesNotExist();
}

export async function lookupShard(ctx: AppContext, urlname: string) {
  const group = await repo.findGroupByUrlname(await dbForUrlname(ctx, urlname), urlname);
  if (!group) throw errors.groupDoesNotExist();
  return { shard_name: await shardNameOf(ctx, group) };
}

/**
 * The shard the spec's lookups name: the directory's entry on a sharded deployment
 * (docs/operations.md "Sharding"); on one database, the group's own setting, `main` by default.
 */
async function shardNameOf(ctx: AppContext, group: { urlname: string; settings: { shard?: string } }) {
  if (ctx.shards) {
    const entry = await ctx.shards.directory.entryByUrlname(group.urlname);
    if (entry) return entry.shard;
  }
  return group.settings.shard ?? 'main';
}
