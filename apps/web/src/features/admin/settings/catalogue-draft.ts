/**
 * The services form over the configuration document (docs/group-configuration.md "Catalogue:
 * `interventionsets`, `interventions`, `packs`"): the categories and services it edits, read from
 * the document in the group's own language, written back into a copy of it with every other part
 * untouched (translations, thumbnails, flags, packs…), and the server's problem paths brought back
 * to the field they name. Items are keyed by their externid, which a new item gets when added.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { sortProblemsBy } from './server-problems.ts';

export interface CategoryDraft {
  externid: string;
  name: string;
  publicname: string;
  /** Not in the document yet. */
  added: boolean;
}

export interface ServiceDraft {
  externid: string;
  /** Its category's externid; null for a service without one. */
  category: string | null;
  name: string;
  publicname: string;
  /** Minutes, as typed. */
  length: string;
  /** In the currency's units, as typed ("45", "45.50" or "45,50"); empty for no price. */
  price: string;
  /** The calendars that perform it (externids): the booking pages offer a service only then. */
  calendars: string[];
  /** Held by video: the customer's confirmation carries the link to join. */
  videoconference: boolean;
  added: boolean;
}

export interface CalendarChoice {
  externid: string;
  name: string;
}

export interface CatalogueDraft {
  categories: CategoryDraft[];
  services: ServiceDraft[];
  /** Services of the document the owner removed. */
  removed: string[];
}

export type ServiceField = 'name' | 'publicname' | 'length' | 'price';
export type CategoryField = 'name' | 'publicname';

/** A field of the form: "service:coupe-femme:price", "category:coupes:name". */
export type CatalogueFieldId = `service:${string}:${ServiceField}` | `category:${string}:${CategoryField}`;

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const listOf = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.map((item) => objectOr(item)).filter((item): item is Json => item !== null)
    : [];
/** Items the editor shows: deleted ones stay in the document as they are. */
const shown = (items: Json[]) => items.filter((item) => item.deleted !== true);

/** The currency's symbol as `locale` writes it ("€", "$US"); its code when the browser knows none. */
export function currencySymbol(locale: string, currency: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** Cents as the owner types them: 5200 → "52", 5250 → "52.50"; null → "". */
export function priceText(cents: unknown): string {
  if (typeof cents !== 'number') return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Typed price to cents: "" → null, "52,5" → 5250; undefined when it is no price. */
export function priceCents(text: string): number | null | undefined {
  const bare = text.trim().replace(',', '.');
  if (bare === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(bare)) return undefined;
  return Math.round(Number(bare) * 100);
}

/** Typed minutes to a length the schema takes (1–1440), else undefined. */
export function lengthMinutes(text: string): number | undefined {
  const bare = text.trim();
  if (!/^\d{1,4}$/.test(bare)) return undefined;
  const minutes = Number(bare);
  return minutes >= 1 && minutes <= 1440 ? minutes : undefined;
}

/** The calendars a service can be given to, in the document's order. */
export function calendarChoices(document: ConfigurationDocument): CalendarChoice[] {
  return shown(listOf(document.calendars)).map((calendar) => ({
    externid: textOf(calendar.externid),
    name: textOf(calendar.name) || textOf(calendar.externid),
  }));
}

function performers(document: ConfigurationDocument, service: string): string[] {
  return shown(listOf(document.calendars))
    .filter((calendar) => listOf(calendar.interventions).some((link) => link.intervention === service))
    .map((calendar) => textOf(calendar.externid));
}

export function draftOf(document: ConfigurationDocument): CatalogueDraft {
  const categories = shown(listOf(document.interventionsets)).map((set) => ({
    externid: textOf(set.externid),
    name: textOf(set.name),
    publicname: textOf(set.publicname),
    added: false,
  }));
  const services = shown(listOf(document.interventions)).map((service) => ({
    externid: textOf(service.externid),
    category: typeof service.interventionset === 'string' ? service.interventionset : null,
    name: textOf(service.name),
    publicname: textOf(service.publicname),
    length: typeof service.length === 'number' ? String(service.length) : '',
    price: priceText(service.price),
    calendars: performers(document, textOf(service.externid)),
    videoconference: service.videoconference === true,
    added: false,
  }));
  return { categories, services, removed: [] };
}

/** Every externid services and packs use (they share one namespace), and the categories'. */
function takenIds(document: ConfigurationDocument, draft: CatalogueDraft): Set<string> {
  return new Set([
    ...listOf(document.interventions).map((item) => textOf(item.externid)),
    ...listOf(document.packs).map((item) => textOf(item.externid)),
    ...listOf(document.interventionsets).map((item) => textOf(item.externid)),
    ...draft.services.map((item) => item.externid),
    ...draft.categories.map((item) => item.externid),
  ]);
}

/** A new externid, from the name when it has one ("Coupe barbe" → "coupe-barbe"), never taken. */
export function newExternid(base: string, taken: ReadonlySet<string>): string {
  const slug =
    base
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'item';
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n += 1) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

export function withNewService(
  document: ConfigurationDocument,
  draft: CatalogueDraft,
  category: string | null,
): CatalogueDraft {
  const externid = newExternid('service', takenIds(document, draft));
  const service: ServiceDraft = {
    externid,
    category,
    name: '',
    publicname: '',
    length: '30',
    price: '',
    calendars: [],
    videoconference: false,
    added: true,
  };
  return { ...draft, services: [...draft.services, service] };
}

export function withNewCategory(document: ConfigurationDocument, draft: CatalogueDraft): CatalogueDraft {
  const externid = newExternid('category', takenIds(document, draft));
  return {
    ...draft,
    categories: [...draft.categories, { externid, name: '', publicname: '', added: true }],
  };
}

/** The packs' names that use a service: it cannot be removed while any does. */
export function packsUsing(document: ConfigurationDocument, externid: string): string[] {
  return shown(listOf(document.packs))
    .filter((pack) => listOf(pack.items).some((item) => item.intervention === externid))
    .map((pack) => textOf(pack.name) || textOf(pack.externid));
}

/** Promotions name services too; removing one would silently widen or empty such a promotion. */
export function promotionsUsing(document: ConfigurationDocument, externid: string): string[] {
  return listOf(document.promotions)
    .filter(
      (promotion) => Array.isArray(promotion.interventions) && promotion.interventions.includes(externid),
    )
    .map((promotion) => textOf(promotion.label) || textOf(promotion.externid));
}

export function withoutService(draft: CatalogueDraft, externid: string): CatalogueDraft {
  const service = draft.services.find((item) => item.externid === externid);
  return {
    ...draft,
    services: draft.services.filter((item) => item.externid !== externid),
    removed: service && !service.added ? [...draft.removed, externid] : draft.removed,
  };
}

/** Writes a text only when it differs, so an absent text the owner left empty stays absent. */
function setText(item: Json, key: string, value: string) {
  if (value.trim() !== textOf(item[key])) item[key] = value.trim();
}

/**
 * A calendar with its service links as the draft says: links of removed services dropped, links
 * the owner added appended, those unticked dropped; the others (and their `duration`) as they were.
 */
function linksWith(calendar: Json, draft: CatalogueDraft, removed: ReadonlySet<string>): Json {
  if (calendar.deleted === true) return calendar;
  const externid = textOf(calendar.externid);
  const links = listOf(calendar.interventions);
  const wanted = new Map(
    draft.services.map((service) => [service.externid, service.calendars.includes(externid)]),
  );
  const kept = links.filter((link) => {
    const service = textOf(link.intervention);
    return !removed.has(service) && wanted.get(service) !== false;
  });
  const linked = new Set(kept.map((link) => textOf(link.intervention)));
  const added = draft.services
    .filter((service) => service.calendars.includes(externid) && !linked.has(service.externid))
    .map((service) => ({ intervention: service.externid }));
  if (added.length === 0 && kept.length === links.length) return calendar;
  return { ...calendar, interventions: [...kept, ...added] };
}

const sortAfter = (items: Json[]) =>
  items.reduce((most, item) => Math.max(most, typeof item.sort === 'number' ? item.sort : 0), 0) + 1;

/**
 * The whole document with the draft written in. Edited texts replace the group-language texts
 * only; a removed service also leaves the calendars that performed it and the mini-site's lists.
 * Call it on a draft without local problems (lengths and prices readable).
 */
export function documentWith(document: ConfigurationDocument, draft: CatalogueDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const removed = new Set(draft.removed);
  const categoryOf = new Map(draft.categories.map((item) => [item.externid, item]));
  const serviceOf = new Map(draft.services.map((item) => [item.externid, item]));

  const sets = listOf(copy.interventionsets).map((set) => {
    const edited = categoryOf.get(textOf(set.externid));
    if (!edited || set.deleted === true) return set;
    const next = { ...set };
    setText(next, 'name', edited.name);
    setText(next, 'publicname', edited.publicname);
    return next;
  });
  let nextSetSort = sortAfter(sets);
  for (const category of draft.categories.filter((item) => item.added))
    sets.push({
      externid: category.externid,
      name: category.name.trim(),
      publicname: category.publicname.trim(),
      sort: nextSetSort++,
    });
  copy.interventionsets = sets;

  const services = listOf(copy.interventions)
    .filter((service) => !removed.has(textOf(service.externid)))
    .map((service) => {
      const edited = serviceOf.get(textOf(service.externid));
      if (!edited || service.deleted === true) return service;
      const next: Json = { ...service };
      setText(next, 'name', edited.name);
      setText(next, 'publicname', edited.publicname);
      next.length = lengthMinutes(edited.length) ?? service.length;
      const price = priceCents(edited.price);
      if (price !== undefined && !(price === null && service.price === undefined)) next.price = price;
      if (edited.videoconference !== (service.videoconference === true))
        next.videoconference = edited.videoconference;
      return next;
    });
  for (const service of draft.services.filter((item) => item.added)) {
    const inSet = services.filter((item) => item.interventionset === service.category);
    services.push({
      externid: service.externid,
      name: service.name.trim(),
      publicname: service.publicname.trim(),
      interventionset: service.category,
      length: lengthMinutes(service.length) ?? 0,
      price: priceCents(service.price) ?? null,
      ...(service.videoconference ? { videoconference: true } : {}),
      sort: sortAfter(inSet),
    });
  }
  copy.interventions = services;

  if (Array.isArray(copy.calendars))
    copy.calendars = listOf(copy.calendars).map((calendar) => linksWith(calendar, draft, removed));

  if (removed.size > 0) {
    const website = objectOr(copy.website);
    if (website) {
      const next = { ...website };
      if (Array.isArray(website.listing_ids))
        next.listing_ids = website.listing_ids.filter((id) => !removed.has(String(id)));
      if (typeof website.highlight_service === 'string' && removed.has(website.highlight_service))
        next.highlight_service = null;
      copy.website = next;
    }
  }
  return copy;
}

/**
 * The field a problem path names ("$.interventions[3].price", or by externid
 * "interventions[coupe].price" as changes write it), in the document that was sent; null for a
 * path the form does not edit.
 */
export function fieldOfPath(sent: ConfigurationDocument, path: string): CatalogueFieldId | null {
  const bare = path.startsWith('$.') ? path.slice(2) : path;
  const match = /^(interventions|interventionsets)\[([^\]]+)\](?:\.(\w+))?/.exec(bare);
  if (!match) return null;
  const [, list, reference = '', property] = match;
  const items = listOf((sent as Json)[list as string]);
  const externid = /^\d+$/.test(reference) ? textOf(items[Number(reference)]?.externid) : reference;
  if (!externid) return null;
  if (list === 'interventions') {
    const field: ServiceField | null =
      property === 'name' || property === 'publicname' || property === 'length' || property === 'price'
        ? property
        : property === undefined || property === 'externid'
          ? 'name'
          : null;
    return field ? `service:${externid}:${field}` : null;
  }
  const field: CategoryField | null =
    property === 'publicname'
      ? 'publicname'
      : property === undefined || property === 'name' || property === 'externid'
        ? 'name'
        : null;
  return field ? `category:${externid}:${field}` : null;
}

export interface SortedProblems {
  fields: CatalogueFieldId[];
  other: string[];
}

/** Splits a 422's `problems` into the form's fields and the rest, as written. */
export function sortProblems(sent: ConfigurationDocument, problems: readonly string[]): SortedProblems {
  return sortProblemsBy(problems, (path) => fieldOfPath(sent, path) ?? undefined);
}

/** The checks the browser can make for sure, in the form's order; the server checks again. */
export function localProblems(draft: CatalogueDraft): CatalogueFieldId[] {
  const found: CatalogueFieldId[] = [];
  const known = new Set(draft.categories.map((category) => category.externid));
  for (const category of draft.categories)
    if (category.name.trim() === '') found.push(`category:${category.externid}:name`);
  // In the form's order: each category's services, then those without a category.
  const ordered = [
    ...draft.categories.flatMap((category) =>
      draft.services.filter((service) => service.category === category.externid),
    ),
    ...draft.services.filter((service) => service.category === null || !known.has(service.category)),
  ];
  for (const service of ordered) {
    if (service.name.trim() === '') found.push(`service:${service.externid}:name`);
    if (lengthMinutes(service.length) === undefined) found.push(`service:${service.externid}:length`);
    if (priceCents(service.price) === undefined) found.push(`service:${service.externid}:price`);
  }
  return found;
}
