/**
 * The calendars & resources form over the configuration document (docs/group-configuration.md
 * "Calendars: `calendarsets` and `calendars`"): the sites (calendar sets, with their address), the
 * calendars and resources — name, name shown to customers, description, site, how many
 * appointments at the same time, offered online or not, the services each performs (for a
 * resource: the services that need it) — read in the group's own language, written back into a
 * copy of the document with every other part untouched (hours, exceptions, translations,
 * durations of links kept), checked in the browser,
 * and the server's problem paths brought back to the field they name.
 *
 * "Offered online" is the document's rule that an empty public name hides an item from customers:
 * turning it off empties the public name (the typed one is kept while the form lives).
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { newExternid } from './catalogue-draft.ts';
import { type Json, listOf, objectOr, shown, textOf } from './document-json.ts';
import { sortProblemsBy } from './server-problems.ts';

export interface SiteDraft {
  externid: string;
  name: string;
  address: string;
  city: string;
  zipcode: string;
  /** Two-letter code; empty with no address. */
  country: string;
  added: boolean;
}

export interface PlaceDraft {
  externid: string;
  name: string;
  publicname: string;
  description: string;
  /** Appointments at the same time (a class, a room of several chairs), as typed; 1 for one at a time. */
  capacity: string;
  /** Its site's externid; null for none. */
  site: string | null;
  resource: boolean;
  /** Offered to customers (a public name); off hides it from the booking pages. */
  active: boolean;
  /** The services it performs (for a resource: that need it), externids. */
  services: string[];
  added: boolean;
}

export interface ServiceChoice {
  externid: string;
  name: string;
}

export interface PlacesDraft {
  sites: SiteDraft[];
  calendars: PlaceDraft[];
}

export type SiteField = 'name' | 'address' | 'city' | 'zipcode';
export type PlaceField = 'name' | 'publicname' | 'description' | 'capacity';
/** A field of the form: "site:lyon:city", "calendar:leonie:name". */
export type PlacesFieldId = `site:${string}:${SiteField}` | `calendar:${string}:${PlaceField}`;
/** Why a field is wrong: the key of its message under admin.settings.places.errors. */
export type PlacesReason = 'name' | 'address' | 'city' | 'zipcode' | 'capacity' | 'appointments' | 'server';

/** The capacities the configuration takes (docs/group-configuration.md "Calendars"). */
export const MAX_CAPACITY = 1000;

/** Typed capacity to a number the schema takes (1–1000), else undefined. */
export function capacityOf(text: string): number | undefined {
  const bare = text.trim();
  if (!/^\d{1,4}$/.test(bare)) return undefined;
  const count = Number(bare);
  return count >= 1 && count <= MAX_CAPACITY ? count : undefined;
}

export interface PlacesProblem {
  field: PlacesFieldId;
  reason: PlacesReason;
}

/** The single services a calendar can perform, in the document's order. */
export function serviceChoices(document: ConfigurationDocument): ServiceChoice[] {
  return shown(listOf(document.interventions)).map((service) => ({
    externid: textOf(service.externid),
    name: textOf(service.name) || textOf(service.externid),
  }));
}

export function draftOf(document: ConfigurationDocument): PlacesDraft {
  const sites = shown(listOf(document.calendarsets)).map((set) => {
    const address = objectOr(set.address);
    return {
      externid: textOf(set.externid),
      name: textOf(set.name),
      address: textOf(address?.address),
      city: textOf(address?.city),
      zipcode: textOf(address?.zipcode),
      country: textOf(address?.country),
      added: false,
    };
  });
  const calendars = shown(listOf(document.calendars)).map((calendar) => ({
    externid: textOf(calendar.externid),
    name: textOf(calendar.name),
    publicname: textOf(calendar.publicname),
    description: textOf(calendar.description),
    capacity: typeof calendar.capacity === 'number' ? String(calendar.capacity) : '1',
    site: typeof calendar.calendarset === 'string' ? calendar.calendarset : null,
    resource: calendar.resource === true,
    active: textOf(calendar.publicname).trim() !== '',
    services: listOf(calendar.interventions).map((link) => textOf(link.intervention)),
    added: false,
  }));
  return { sites, calendars };
}

function takenIds(document: ConfigurationDocument, draft: PlacesDraft, list: 'calendars' | 'calendarsets') {
  return new Set([
    ...listOf(document[list]).map((item) => textOf(item.externid)),
    ...(list === 'calendars' ? draft.calendars : draft.sites).map((item) => item.externid),
  ]);
}

export function withNewCalendar(
  document: ConfigurationDocument,
  draft: PlacesDraft,
  resource: boolean,
): PlacesDraft {
  const calendar: PlaceDraft = {
    externid: newExternid(resource ? 'resource' : 'calendar', takenIds(document, draft, 'calendars')),
    name: '',
    publicname: '',
    description: '',
    capacity: '1',
    site: draft.sites.length === 1 ? (draft.sites[0]?.externid ?? null) : null,
    resource,
    active: true,
    services: [],
    added: true,
  };
  return { ...draft, calendars: [...draft.calendars, calendar] };
}

export function withNewSite(document: ConfigurationDocument, draft: PlacesDraft): PlacesDraft {
  const site: SiteDraft = {
    externid: newExternid('site', takenIds(document, draft, 'calendarsets')),
    name: '',
    address: '',
    city: '',
    zipcode: '',
    country: '',
    added: true,
  };
  return { ...draft, sites: [...draft.sites, site] };
}

/**
 * The draft with the calendars these fields name ("calendar:leonie:name") put back where they
 * were read, as they were, when the owner had removed them; the others as they are.
 */
export function withCalendarsBack(
  read: PlacesDraft,
  draft: PlacesDraft,
  fields: readonly string[],
): PlacesDraft {
  const back = new Set(fields.map((field) => field.split(':')[1]));
  const current = new Map(draft.calendars.map((place) => [place.externid, place]));
  const calendars = [
    ...read.calendars
      .filter((place) => current.has(place.externid) || back.has(place.externid))
      .map((place) => current.get(place.externid) ?? place),
    ...draft.calendars.filter((place) => place.added),
  ];
  return { ...draft, calendars };
}

/** The packs' names that preselect a calendar: it cannot be removed while any does. */
export function packsPreselecting(document: ConfigurationDocument, externid: string): string[] {
  return shown(listOf(document.packs))
    .filter((pack) => listOf(pack.items).some((item) => item.selectedCalendar === externid))
    .map((pack) => textOf(pack.name) || textOf(pack.externid));
}

/** The calendars of a site: it cannot be removed while any is in it. */
export const calendarsOfSite = (draft: PlacesDraft, site: string) =>
  draft.calendars.filter((calendar) => calendar.site === site);

/** Writes a text only when it differs, so an absent text the owner left empty stays absent. */
function setText(item: Json, key: string, value: string) {
  if (value.trim() !== textOf(item[key])) item[key] = value.trim();
}

const hasAddress = (site: SiteDraft) => [site.address, site.city, site.zipcode].some((v) => v.trim() !== '');

function addressOf(site: SiteDraft, before: unknown): Json | null {
  if (!hasAddress(site)) return null;
  const kept = objectOr(before) ?? {};
  return {
    ...kept,
    address: site.address.trim(),
    city: site.city.trim(),
    zipcode: site.zipcode.trim(),
    country: site.country.trim().toUpperCase() || textOf(kept.country) || 'FR',
  };
}

function publicnameOf(place: PlaceDraft): string {
  return place.active ? place.publicname.trim() || place.name.trim() : '';
}

/** The links as the draft says: unticked ones dropped, the others (and their duration) kept, new ones appended. */
function linksOf(place: PlaceDraft, before: unknown): Json[] {
  const kept = listOf(before).filter((link) => place.services.includes(textOf(link.intervention)));
  const linked = new Set(kept.map((link) => textOf(link.intervention)));
  return [...kept, ...place.services.filter((s) => !linked.has(s)).map((s) => ({ intervention: s }))];
}

const sortAfter = (items: Json[]) =>
  items.reduce((most, item) => Math.max(most, typeof item.sort === 'number' ? item.sort : 0), 0) + 1;

/** Services a live resource of this list is linked to. */
const servedByResources = (calendars: Json[]) =>
  new Set(
    shown(calendars)
      .filter((calendar) => calendar.resource === true)
      .flatMap((calendar) => listOf(calendar.interventions).map((link) => textOf(link.intervention))),
  );

/**
 * The whole document with the draft written in. Sites and calendars the owner removed are left
 * out (the import marks them deleted); a service whose resources the owner changed needs a
 * resource exactly when one is now linked to it. Call it on a draft without local problems.
 */
export function documentWith(document: ConfigurationDocument, draft: PlacesDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const siteOf = new Map(draft.sites.map((site) => [site.externid, site]));
  const placeOf = new Map(draft.calendars.map((place) => [place.externid, place]));

  const sets = listOf(copy.calendarsets)
    .filter((set) => set.deleted === true || siteOf.has(textOf(set.externid)))
    .map((set) => {
      const edited = siteOf.get(textOf(set.externid));
      if (!edited || set.deleted === true) return set;
      const next = { ...set };
      setText(next, 'name', edited.name);
      const address = addressOf(edited, set.address);
      if (JSON.stringify(address) !== JSON.stringify(set.address ?? null)) next.address = address;
      return next;
    });
  let nextSetSort = sortAfter(sets);
  for (const site of draft.sites.filter((item) => item.added))
    sets.push({
      externid: site.externid,
      name: site.name.trim(),
      publicname: site.name.trim(),
      sort: nextSetSort++,
      address: addressOf(site, null),
    });
  copy.calendarsets = sets;

  const before = listOf(copy.calendars);
  const calendars = before
    .filter((calendar) => calendar.deleted === true || placeOf.has(textOf(calendar.externid)))
    .map((calendar) => {
      const edited = placeOf.get(textOf(calendar.externid));
      if (!edited || calendar.deleted === true) return calendar;
      const next: Json = { ...calendar };
      setText(next, 'name', edited.name);
      setText(next, 'publicname', publicnameOf(edited));
      if (edited.description.trim() !== textOf(calendar.description))
        next.description = edited.description.trim() || null;
      const capacity = capacityOf(edited.capacity) ?? 1;
      if (capacity !== (typeof calendar.capacity === 'number' ? calendar.capacity : 1))
        next.capacity = capacity;
      if (edited.site !== (calendar.calendarset ?? null)) next.calendarset = edited.site;
      if (edited.resource !== (calendar.resource === true)) next.resource = edited.resource;
      const links = linksOf(edited, calendar.interventions);
      if (JSON.stringify(links) !== JSON.stringify(calendar.interventions ?? [])) next.interventions = links;
      return next;
    });
  let nextSort = sortAfter(calendars);
  for (const place of draft.calendars.filter((item) => item.added))
    calendars.push({
      externid: place.externid,
      name: place.name.trim(),
      publicname: publicnameOf(place),
      description: place.description.trim() || null,
      calendarset: place.site,
      resource: place.resource,
      ...((capacityOf(place.capacity) ?? 1) > 1 ? { capacity: capacityOf(place.capacity) } : {}),
      sort: nextSort++,
      interventions: linksOf(place, []),
    });
  copy.calendars = calendars;

  const served = { before: servedByResources(before), after: servedByResources(calendars) };
  copy.interventions = listOf(copy.interventions).map((service) => {
    const externid = textOf(service.externid);
    const now = served.after.has(externid);
    return now !== served.before.has(externid) && now !== (service.need_resource === true)
      ? { ...service, need_resource: now }
      : service;
  });
  return copy;
}

/** The checks the browser can make for sure, in the form's order; the server checks again. */
export function localProblems(draft: PlacesDraft): PlacesProblem[] {
  const found: PlacesProblem[] = [];
  for (const site of draft.sites) {
    if (site.name.trim() === '') found.push({ field: `site:${site.externid}:name`, reason: 'name' });
    if (hasAddress(site)) {
      if (site.address.trim() === '')
        found.push({ field: `site:${site.externid}:address`, reason: 'address' });
      if (site.city.trim() === '') found.push({ field: `site:${site.externid}:city`, reason: 'city' });
    }
    if (site.zipcode.trim().length > 16)
      found.push({ field: `site:${site.externid}:zipcode`, reason: 'zipcode' });
  }
  for (const place of [
    ...draft.calendars.filter((c) => !c.resource),
    ...draft.calendars.filter((c) => c.resource),
  ]) {
    if (place.name.trim() === '') found.push({ field: `calendar:${place.externid}:name`, reason: 'name' });
    if (capacityOf(place.capacity) === undefined)
      found.push({ field: `calendar:${place.externid}:capacity`, reason: 'capacity' });
  }
  return found;
}

const SITE_FIELDS: readonly string[] = ['name', 'address', 'city', 'zipcode'];
const PLACE_FIELDS: readonly string[] = ['name', 'publicname', 'description', 'capacity'];

/**
 * The field a problem path names ("$.calendars[3].name", "$.calendarsets[0].address.zipcode", or
 * by externid "$.calendars[leonie]"), in the document that was sent; null for a path the form does
 * not edit.
 */
export function problemOfPath(sent: ConfigurationDocument, path: string, rule: string): PlacesProblem | null {
  const bare = path.startsWith('$.') ? path.slice(2) : path;
  const match = /^(calendars|calendarsets)\[([^\]]+)\](?:\.(\w+))?(?:\.(\w+))?/.exec(bare);
  if (!match) return null;
  const [, list, reference = '', property, inner] = match;
  const items = listOf((sent as Json)[list as string]);
  const externid = /^\d+$/.test(reference) ? textOf(items[Number(reference)]?.externid) : reference;
  if (!externid) return null;
  if (list === 'calendarsets') {
    const field = property === 'address' ? (inner ?? 'address') : (property ?? 'name');
    if (!SITE_FIELDS.includes(field)) return null;
    return { field: `site:${externid}:${field as SiteField}`, reason: 'server' };
  }
  const field = property === undefined || property === 'externid' ? 'name' : property;
  if (!PLACE_FIELDS.includes(field)) return null;
  const reason = property === undefined && /appointments/.test(rule) ? 'appointments' : 'server';
  return { field: `calendar:${externid}:${field as PlaceField}`, reason };
}

export interface SortedProblems {
  fields: PlacesProblem[];
  other: string[];
}

/** Splits a 422's `problems` into the form's fields and the rest, as written. */
export function sortProblems(sent: ConfigurationDocument, problems: readonly string[]): SortedProblems {
  return sortProblemsBy(problems, (path, message) => problemOfPath(sent, path, message) ?? undefined, {
    sameField: (a, b) => a.field === b.field,
  });
}
