/**
 * The catalogue read API (docs/requirements/booking-flow.md §3, §7): categories, services, packs, calendar sets, calendars
 * and resources of a group, in the requested language, sorted by `sort`, never deleted rows, and
 * without items whose public name is empty unless the caller is one of the group's call-centre pros.
 */

import { WEEKDAYS } from '@creneau/core/group-config/group-config.schema';
import { localDateIn } from '@creneau/core/time/time-zone';
import { formatWallClock } from '@creneau/core/time/wall-clock';
import type { Scope } from '../../app-context.ts';
import type { GroupRow, Translations } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { seesUnnamedItems, type Viewer } from '../sessions/viewer.ts';
import * as repo from './catalogue.repository.ts';
import { type Condition, conditionValues } from './catalogue-conditions.ts';

export interface CatalogueQuery {
  locale?: string | undefined;
  conditions?: Condition[] | undefined;
}

interface Texts {
  name: string;
  publicname: string;
  description: string | null;
  translations: Translations;
}

/** The item's texts in the requested language, falling back to the group's own wording. */
function localized(item: Texts, locale: string | undefined) {
  const base = locale?.toLowerCase().split(/[-_]/)[0];
  const t = base ? item.translations?.[base] : undefined;
  return {
    name: t?.name ?? item.name,
    // An empty public name means "hidden"; a translation must not make it visible.
    publicname: item.publicname === '' ? '' : (t?.publicname ?? item.publicname),
    description: t?.description ?? item.description,
  };
}

/** Turns the spec's verification conditions into id / externid filters (ANDed). */
function conditionFilter(conditions: Condition[] | undefined) {
  let ids: number[] | undefined;
  let externids: string[] | undefined;
  for (const c of conditions ?? []) {
    const values = conditionValues(c);
    if (c.field === 'id') {
      const parsed = values.map((v) => (/^\d{1,10}$/.test(v) ? Number(v) : Number.NaN));
      if (parsed.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)) {
        throw errors.badRequest(
          'Invalid querystring parameter "conditions": id values must be positive integers',
        );
      }
      ids = ids ? ids.filter((id) => parsed.includes(id)) : parsed;
    } else {
      externids = externids ? externids.filter((e) => values.includes(e)) : values;
    }
  }
  return { ids, externids };
}

/** A group closed to the public (openData false) shows its catalogue to logged-in callers only. */
function openCatalogue(scope: Scope): Scope {
  if (!scope.group.settings.openData && scope.viewer.type === 'anonymous') throw errors.expiredConnection();
  return scope;
}

function filterFor(group: GroupRow, viewer: Viewer, query: CatalogueQuery): repo.CatalogueFilter {
  return {
    groupId: group.id,
    includeUnnamed: seesUnnamedItems(viewer, { id: group.id, settings: group.settings }),
    ...conditionFilter(query.conditions),
  };
}

export async function listInterventionsets(scope: Scope, query: CatalogueQuery) {
  const { ctx, group, viewer } = openCatalogue(scope);
  const filter = filterFor(group, viewer, query);
  const [sets, members] = await Promise.all([
    repo.listInterventionsets(ctx.db, filter),
    repo.listCategoryMembers(ctx.db, group.id, filter.includeUnnamed),
  ]);
  return sets.map((set) => ({
    id: set.id,
    externid: set.externid,
    ...localized(set, query.locale),
    thumbnail: set.thumbnail,
    sort: set.sort,
    interventions: members.filter((m) => m.interventionset_id === set.id).map((m) => m.id),
  }));
}

type PromotionRow = Awaited<ReturnType<typeof repo.listCurrentPromotions>>[number];

function promotionsOf(id: number, promotions: PromotionRow[]) {
  return promotions
    .filter((p) => p.intervention_ids === null || p.intervention_ids.includes(id))
    .map((p) => ({
      id: p.id,
      label: p.label,
      percent: p.percent,
      from_date: p.from_date,
      to_date: p.to_date,
      weekdays: p.weekdays ? p.weekdays.map((d) => WEEKDAYS[d - 1]) : null,
      from_time: p.from_minute == null ? null : formatWallClock(p.from_minute),
      to_time: p.to_minute == null ? null : formatWallClock(p.to_minute),
    }));
}

export async function listInterventions(scope: Scope, query: CatalogueQuery, type: 'free' | 'pack') {
  const { ctx, group, viewer } = openCatalogue(scope);
  const filter = filterFor(group, viewer, query);
  const today = localDateIn(ctx.now(), group.settings.timezone);
  const [rows, promotions] = await Promise.all([
    repo.listInterventions(ctx.db, filter, type),
    repo.listCurrentPromotions(ctx.db, group.id, today),
  ]);
  const videoServices =
    type === 'pack'
      ? new Set(
          (await repo.listInterventions(ctx.db, { groupId: group.id, includeUnnamed: true }, 'free'))
            .filter((s) => s.videoconference)
            .map((s) => s.id),
        )
      : new Set<number>();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    externid: row.externid,
    ...localized(row, query.locale),
    thumbnail: row.thumbnail,
    sort: row.sort,
    deleted: false,
    interventionset_id: row.interventionset_id,
    price: row.price,
    length: row.length,
    promotions: promotionsOf(row.id, promotions),
    videoconference:
      type === 'pack'
        ? (row.config ?? []).some((item) => videoServices.has(item.intervention_id))
        : row.videoconference,
    skippable_agenda: row.skippable_agenda,
    need_resource: row.need_resource,
    only_package: row.only_package,
    merged: row.merged,
    abbr: row.abbr,
    ...(type === 'pack'
      ? { status: row.status, total_price: row.total_price, config: row.config ?? [] }
      : { config: null }),
  }));
}

export async function listCalendarsets(scope: Scope, query: CatalogueQuery) {
  const { ctx, group, viewer } = openCatalogue(scope);
  const filter = filterFor(group, viewer, query);
  const [sets, calendars] = await Promise.all([
    repo.listCalendarsets(ctx.db, filter),
    repo.listCalendars(ctx.db, { groupId: group.id, includeUnnamed: filter.includeUnnamed }),
  ]);
  return sets.map((set) => ({
    id: set.id,
    externid: set.externid,
    ...localized(set, query.locale),
    thumbnail: set.thumbnail,
    sort: set.sort,
    calendars: calendars.filter((c) => c.calendarset_id === set.id).map((c) => c.id),
  }));
}

export async function listCalendars(
  scope: Scope,
  query: CatalogueQuery & { resource?: boolean | undefined; intervention_ids?: number[] | undefined },
) {
  const { ctx, group, viewer } = openCatalogue(scope);
  const filter = filterFor(group, viewer, query);
  const [calendars, links] = await Promise.all([
    repo.listCalendars(ctx.db, filter, query.resource),
    repo.listLinks(ctx.db, group.id),
  ]);
  const wanted = query.intervention_ids ?? [];
  return calendars
    .map((c) => {
      const own = links.filter((l) => l.calendar_id === c.id);
      return {
        id: c.id,
        externid: c.externid,
        ...localized(c, query.locale),
        thumbnail: c.thumbnail,
        sort: c.sort,
        deleted: false,
        resource: c.is_resource,
        calendarset_id: c.calendarset_id,
        capacity: c.capacity,
        slot_step: c.slot_step,
        maxrdv_period: c.maxrdv_period,
        interventions: own.map((l) => ({ intervention_id: l.intervention_id, duration: l.duration })),
        intervention_ids: own.map((l) => l.intervention_id),
      };
    })
    .filter((c) => wanted.every((id) => c.intervention_ids.includes(id)));
}
