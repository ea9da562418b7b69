/**
 * Import and export of whole group configurations (docs/group-configuration.md). Import is all or
 * nothing: the file is validated first, then written in one transaction.
 */
import {
  describeConfigErrors,
  type GroupConfig,
  type GroupConfigInput,
  groupConfigSchema,
  WEEKDAYS,
  type Weekday,
} from '@creneau/core/group-config/group-config.schema';
import { formatWallClock, parseWallClock } from '@creneau/core/time/wall-clock';
import type { Kysely, Transaction } from 'kysely';
import type { ConfigVersionSource, Database, PackItem } from '../../db/database.ts';
import * as versions from './config-versions.ts';
import * as repo from './group-config.repository.ts';

/** A document meant to create a group names a urlname some group already has. */
export class UrlnameTakenError extends Error {
  constructor(readonly urlname: string) {
    super(`the url name ${urlname} is taken`);
  }
}

export class GroupConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid group configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Validates a configuration document; throws GroupConfigError naming each JSON path and rule. */
export function parseGroupConfig(input: unknown): GroupConfig {
  const result = groupConfigSchema.safeParse(input);
  if (!result.success) throw new GroupConfigError(describeConfigErrors(result.error));
  return result.data;
}

const isoWeekday = (day: Weekday) => WEEKDAYS.indexOf(day) + 1;
const localTimestamp = (value: string) => `${value.replace('T', ' ')}:00`;

export interface ImportOptions {
  /** How the change was made and by whom, kept with the version it makes. */
  source?: ConfigVersionSource;
  authorAccountId?: number | null;
  restoredFrom?: number | null;
  now?: Date;
  /**
   * Runs in the import's transaction once the group row is locked (updated), before anything
   * else is written: a check that must see the group as it stands, e.g. that nobody saved since
   * the editor read it. Throwing rolls everything back.
   */
  beforeWrite?: (trx: Transaction<Database>, groupId: number) => Promise<void>;
  /**
   * Only create: a group with the same urlname already there is refused (UrlnameTakenError) rather
   * than updated. Two creations racing for one urlname meet at the unique index: one waits for the
   * other and is then refused.
   */
  createOnly?: boolean;
}

type ImportResult = { id: number; urlname: string; created: boolean; version: number };

/**
 * Upserts the group by urlname with everything in the file, in one transaction, and keeps the
 * result as the group's next configuration version (config-versions.ts).
 */
export async function importGroupConfig(
  db: Kysely<Database>,
  input: GroupConfigInput | unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return db.transaction().execute((trx) => importGroupConfigIn(trx, input, options));
}

/**
 * The same import inside a transaction the caller holds, for a write that must stand or fall with
 * others (a sign-up creates the owner's account with the group). The file is validated before
 * anything is read or written: a bad one throws GroupConfigError.
 */
export async function importGroupConfigIn(
  trx: Transaction<Database>,
  input: GroupConfigInput | unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const config = parseGroupConfig(input);
  const meta = {
    source: options.source ?? 'import',
    authorAccountId: options.authorAccountId ?? null,
    restoredFrom: options.restoredFrom ?? null,
    now: options.now ?? new Date(),
  };
  const row = {
    urlname: config.urlname,
    name: config.name,
    active: config.active,
    settings: config.settings,
    sso: config.sso,
  };
  // A group configured before versions were kept gets its current state as a first version,
  // so that the first change has something to be compared with and restored to.
  const existing = options.createOnly ? undefined : await exportGroupConfig(trx, config.urlname);
  let groupId: number;
  let created: boolean;
  if (options.createOnly) {
    const inserted = await repo.insertGroupIfNew(trx, row);
    if (inserted === undefined) throw new UrlnameTakenError(config.urlname);
    groupId = inserted;
    created = true;
  } else {
    ({ id: groupId, created } = await repo.upsertGroup(trx, row, meta.now));
  }
  await options.beforeWrite?.(trx, groupId);
  const common = (item: {
    externid: string;
    name: string;
    publicname: string;
    description?: string | null | undefined;
    thumbnail?: string | null | undefined;
    sort: number;
    deleted: boolean;
    translations?: unknown;
  }) => ({
    externid: item.externid,
    name: item.name,
    publicname: item.publicname,
    description: item.description ?? null,
    thumbnail: item.thumbnail ?? null,
    sort: item.sort,
    deleted: item.deleted,
    translations: JSON.stringify(item.translations ?? {}),
  });

  const setIds = await repo.upsertCatalogue(
    trx,
    'interventionsets',
    groupId,
    config.interventionsets.map(common),
  );
  const calendarsetIds = await repo.upsertCatalogue(
    trx,
    'calendarsets',
    groupId,
    config.calendarsets.map((set) => ({
      ...common(set),
      address: set.address ? JSON.stringify(set.address) : null,
    })),
  );
  const calendarIds = await repo.upsertCatalogue(
    trx,
    'calendars',
    groupId,
    config.calendars.map((c) => ({
      ...common(c),
      calendarset_id: c.calendarset ? calendarsetIds.get(c.calendarset)! : null,
      is_resource: c.resource,
      capacity: c.capacity,
      slot_step: c.slot_step,
      maxrdv_period: c.maxrdv_period ?? null,
    })),
  );
  const serviceIds = await repo.upsertCatalogue(
    trx,
    'interventions',
    groupId,
    config.interventions.map((i) => ({
      ...common(i),
      type: 'free',
      interventionset_id: i.interventionset ? setIds.get(i.interventionset)! : null,
      price: i.price ?? null,
      total_price: null,
      length: i.length,
      videoconference: i.videoconference,
      skippable_agenda: i.skippable_agenda,
      need_resource: i.need_resource,
      only_package: i.only_package,
      merged: i.merged,
      abbr: i.abbr ?? null,
      status: 'opened',
      config: null,
    })),
    { column: 'type', value: 'free' },
  );
  const packIds = await repo.upsertCatalogue(
    trx,
    'interventions',
    groupId,
    config.packs.map((p) => {
      const items: PackItem[] = p.items.map((item) => ({
        intervention_id: serviceIds.get(item.intervention)!,
        publicname: item.publicname ?? null,
        break_time: item.break_time,
        selectedCalendar: item.selectedCalendar ? calendarIds.get(item.selectedCalendar)! : null,
      }));
      const length = p.items.reduce(
        (sum, item, index) =>
          sum +
          (config.interventions.find((i) => i.externid === item.intervention)?.length ?? 0) +
          (index < p.items.length - 1 ? item.break_time : 0),
        0,
      );
      return {
        ...common(p),
        type: 'pack',
        interventionset_id: p.interventionset ? setIds.get(p.interventionset)! : null,
        price: p.price ?? null,
        total_price: p.total_price ?? null,
        length,
        status: p.status,
        config: JSON.stringify(items),
      };
    }),
    { column: 'type', value: 'pack' },
  );

  await repo.replaceGroupChildren(trx, groupId);
  await repo.insertRows(
    trx,
    'calendar_interventions',
    config.calendars.flatMap((c) =>
      c.interventions.map((link) => ({
        group_id: groupId,
        calendar_id: calendarIds.get(c.externid)!,
        intervention_id: serviceIds.get(link.intervention)!,
        duration: link.duration ?? null,
      })),
    ),
  );
  await repo.insertRows(
    trx,
    'opening_ranges',
    config.calendars.flatMap((c) =>
      Object.entries(c.weekly).flatMap(([day, ranges]) =>
        (ranges ?? []).map(([from, to]) => ({
          group_id: groupId,
          calendar_id: calendarIds.get(c.externid)!,
          weekday: isoWeekday(day as Weekday),
          start_minute: parseWallClock(from),
          end_minute: parseWallClock(to),
        })),
      ),
    ),
  );
  await repo.insertRows(
    trx,
    'schedule_exceptions',
    config.calendars.flatMap((c) =>
      c.exceptions.map((e) => ({
        group_id: groupId,
        calendar_id: calendarIds.get(c.externid)!,
        kind: e.kind,
        starts_local: localTimestamp(e.from),
        ends_local: localTimestamp(e.to),
        label: e.label ?? null,
      })),
    ),
  );
  const allServiceIds = new Map([...serviceIds, ...packIds]);
  await repo.upsertPromotions(
    trx,
    groupId,
    config.promotions.map((p) => ({
      externid: p.externid,
      label: p.label,
      percent: p.percent,
      intervention_ids: p.interventions ? p.interventions.map((ref) => allServiceIds.get(ref)!) : null,
      from_date: p.from_date,
      to_date: p.to_date,
      weekdays: p.weekdays ? p.weekdays.map(isoWeekday) : null,
      from_minute: p.from_time ? parseWallClock(p.from_time) : null,
      to_minute: p.to_time ? parseWallClock(p.to_time) : null,
      deleted: p.deleted,
    })),
  );
  await repo.insertRows(
    trx,
    'form_fields',
    (['fiche', 'vevent'] as const).flatMap((form) =>
      config.forms[form].map((field, position) => ({
        group_id: groupId,
        form,
        name: field.name,
        position,
        definition: JSON.stringify(field),
      })),
    ),
  );
  if (config.website) {
    // The file names listed items by externid; the website row keeps those references so a
    // re-import stays stable, and the read API resolves them to ids.
    await repo.upsertWebsite(trx, groupId, config.website.domain ?? null, config.website);
  } else {
    await repo.upsertWebsite(trx, groupId, null, null);
  }
  if (existing && !(await versions.latestVersion(trx, groupId)))
    await versions.recordVersion(trx, {
      ...meta,
      groupId,
      document: existing,
      source: 'import',
      authorAccountId: null,
    });
  const version = await versions.recordVersion(trx, {
    ...meta,
    groupId,
    document: await exportGroupConfig(trx, config.urlname),
  });
  return { id: groupId, urlname: config.urlname, created, version };
}

/** The group's live configuration in the import format; undefined when the urlname is unknown. */
export async function exportGroupConfig(
  db: Kysely<Database> | Transaction<Database>,
  urlname: string,
): Promise<GroupConfig | undefined> {
  const rows = await repo.readGroupForExport(db, urlname);
  if (!rows) return undefined;
  const ext = (list: { id: number; externid: string }[]) =>
    new Map(list.map((item) => [item.id, item.externid]));
  const setRefs = ext(rows.interventionsets);
  const calendarsetRefs = ext(rows.calendarsets);
  const calendarRefs = ext(rows.calendars);
  const serviceRefs = ext(rows.interventions);
  const common = (item: (typeof rows.interventionsets)[number]) => ({
    externid: item.externid,
    name: item.name,
    publicname: item.publicname,
    description: item.description,
    thumbnail: item.thumbnail,
    sort: item.sort,
    deleted: false,
    translations: item.translations,
  });
  const weekday = (n: number) => WEEKDAYS[n - 1]!;
  const localDateTime = (value: string) => value.slice(0, 16).replace(' ', 'T');

  const document = {
    urlname: rows.group.urlname,
    name: rows.group.name,
    active: rows.group.active,
    settings: rows.group.settings,
    website: rows.website?.settings ?? null,
    interventionsets: rows.interventionsets.map(common),
    interventions: rows.interventions
      .filter((i) => i.type === 'free')
      .map((i) => ({
        ...common(i),
        interventionset: i.interventionset_id ? (setRefs.get(i.interventionset_id) ?? null) : null,
        price: i.price,
        length: i.length,
        videoconference: i.videoconference,
        skippable_agenda: i.skippable_agenda,
        need_resource: i.need_resource,
        only_package: i.only_package,
        merged: i.merged,
        abbr: i.abbr,
      })),
    packs: rows.interventions
      .filter((i) => i.type === 'pack')
      .map((p) => ({
        ...common(p),
        interventionset: p.interventionset_id ? (setRefs.get(p.interventionset_id) ?? null) : null,
        status: p.status,
        price: p.price,
        total_price: p.total_price,
        items: (p.config ?? []).map((item) => ({
          intervention: serviceRefs.get(item.intervention_id)!,
          publicname: item.publicname,
          break_time: item.break_time,
          selectedCalendar: item.selectedCalendar ? (calendarRefs.get(item.selectedCalendar) ?? null) : null,
        })),
      })),
    calendarsets: rows.calendarsets.map((set) => ({ ...common(set), address: set.address ?? null })),
    calendars: rows.calendars.map((c) => {
      const weekly: Partial<Record<Weekday, [string, string][]>> = {};
      for (const r of rows.ranges.filter((range) => range.calendar_id === c.id)) {
        const day = weekday(r.weekday);
        weekly[day] ??= [];
        weekly[day].push([formatWallClock(r.start_minute), formatWallClock(r.end_minute)]);
      }
      return {
        ...common(c),
        calendarset: c.calendarset_id ? (calendarsetRefs.get(c.calendarset_id) ?? null) : null,
        resource: c.is_resource,
        capacity: c.capacity,
        slot_step: c.slot_step,
        maxrdv_period: c.maxrdv_period,
        interventions: rows.links
          .filter((link) => link.calendar_id === c.id && serviceRefs.has(link.intervention_id))
          .map((link) => ({ intervention: serviceRefs.get(link.intervention_id)!, duration: link.duration })),
        weekly,
        exceptions: rows.exceptions
          .filter((e) => e.calendar_id === c.id)
          .map((e) => ({
            kind: e.kind,
            from: localDateTime(e.starts_local),
            to: localDateTime(e.ends_local),
            label: e.label,
          })),
      };
    }),
    promotions: rows.promotions.map((p) => ({
      externid: p.externid,
      label: p.label,
      percent: p.percent,
      interventions: p.intervention_ids
        ? p.intervention_ids.filter((id) => serviceRefs.has(id)).map((id) => serviceRefs.get(id)!)
        : null,
      from_date: p.from_date,
      to_date: p.to_date,
      weekdays: p.weekdays ? p.weekdays.map(weekday) : null,
      from_time: p.from_minute == null ? null : formatWallClock(p.from_minute),
      to_time: p.to_minute == null ? null : formatWallClock(p.to_minute),
      deleted: false,
    })),
    forms: {
      fiche: rows.fields.filter((f) => f.form === 'fiche').map((f) => f.definition),
      vevent: rows.fields.filter((f) => f.form === 'vevent').map((f) => f.definition),
    },
    sso: rows.group.sso,
  };
  // Re-parse so the export is exactly what an import of it would store.
  return parseGroupConfig(document);
}
