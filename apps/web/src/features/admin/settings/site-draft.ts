/**
 * The mini-site form over the configuration document (docs/group-configuration.md "`website`"
 * and "Display"): whether the home page is shown (`settings.has_minisite`), its texts, gallery,
 * listed items, contact block, links and the map's position (`settings.lat`/`lng`), read from the
 * document, written back into a copy of it with every other part untouched — a field left as read
 * keeps its value exactly — checked in the browser by the server's own rules for links
 * (@creneau/core/url/public-links) and e-mails, and the server's problem paths brought back to the
 * field they name.
 */

import { isHttpsLink } from '@creneau/core/url/public-links';
import { isValidEmail } from '@creneau/core/validation/email';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { sortProblemsBy } from './server-problems.ts';

export const SOCIAL_NETWORKS = ['facebook', 'twitterX', 'instagram', 'snapchat'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const LINK_FIELDS = ['websiteLink', ...SOCIAL_NETWORKS] as const;
export type LinkField = (typeof LINK_FIELDS)[number];
export const TEXT_FIELDS = ['title', 'quickDesc', 'complementText', 'otherbox'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const LISTINGS = ['category', 'intervention', 'package'] as const;
export type Listing = (typeof LISTINGS)[number];

/** The schema's limits (packages/core/src/group-config/group-config.schema.ts websiteSchema). */
export const MAX_IMAGES = 20;
export const MAX_LISTED = 6;
export const MAX_ALT = 255;
export const TEXT_LIMITS: Record<TextField, number> = {
  title: 255,
  quickDesc: 20_000,
  complementText: 20_000,
  otherbox: 20_000,
};

export interface GalleryImage {
  url: string;
  alt: string;
}

export interface SiteDraft {
  hasMinisite: boolean;
  title: string;
  quickDesc: string;
  complementText: string;
  otherbox: string;
  images: GalleryImage[];
  /** '' : nothing listed. */
  listing: Listing | '';
  listingIds: string[];
  map: boolean;
  /** As typed; empty: no position. */
  lat: string;
  lng: string;
  contactInfo: boolean;
  socialLink: boolean;
  websiteLink: string;
  facebook: string;
  twitterX: string;
  instagram: string;
  snapchat: string;
  mail: string;
}

/** A field that can show a problem; `image-N` is the gallery's image at N. */
export type SiteField =
  | 'hasMinisite'
  | TextField
  | 'images'
  | `image-${number}`
  | 'listing'
  | 'lat'
  | 'lng'
  | LinkField
  | 'mail';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberText = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** Which key of `website` (or of `settings`) each draft field stands for, in the form's order. */
const WEBSITE_KEYS = {
  title: 'title',
  quickDesc: 'quick_desc',
  complementText: 'complement_text',
  otherbox: 'otherbox',
  images: 'images',
  listing: 'listing',
  listingIds: 'listing_ids',
  map: 'map',
  contactInfo: 'contact_info',
  socialLink: 'social_link',
  websiteLink: 'website_link',
  facebook: 'facebook',
  twitterX: 'twitterX',
  instagram: 'instagram',
  snapchat: 'snapchat',
  mail: 'mail',
} as const satisfies Partial<Record<keyof SiteDraft, string>>;
const SETTINGS_KEYS = { hasMinisite: 'has_minisite', lat: 'lat', lng: 'lng' } as const;

export function draftOf(document: ConfigurationDocument): SiteDraft {
  const settings = objectOr(document.settings) ?? {};
  const website = objectOr(document.website) ?? {};
  const listing = textOf(website.listing);
  const images = Array.isArray(website.images) ? website.images : [];
  return {
    hasMinisite: settings.has_minisite === true,
    title: textOf(website.title),
    quickDesc: textOf(website.quick_desc),
    complementText: textOf(website.complement_text),
    otherbox: textOf(website.otherbox),
    images: images.map((image) => ({ url: textOf(objectOr(image)?.url), alt: textOf(objectOr(image)?.alt) })),
    listing: (LISTINGS as readonly string[]).includes(listing) ? (listing as Listing) : '',
    listingIds: Array.isArray(website.listing_ids)
      ? website.listing_ids.filter((id): id is string => typeof id === 'string')
      : [],
    // The schema's defaults where the document says nothing.
    map: website.map !== false,
    lat: numberText(settings.lat),
    lng: numberText(settings.lng),
    contactInfo: website.contact_info !== false,
    socialLink: website.social_link === true,
    websiteLink: textOf(website.website_link),
    facebook: textOf(website.facebook),
    twitterX: textOf(website.twitterX),
    instagram: textOf(website.instagram),
    snapchat: textOf(website.snapchat),
    mail: textOf(website.mail),
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
/** A typed coordinate as the document keeps it: a number, or null when empty. */
export const coordinateOf = (typed: string): number | null =>
  typed.trim() === '' ? null : Number(typed.trim().replace(',', '.'));

/** The value the document keeps for a draft field. */
function storedValue<K extends keyof SiteDraft>(key: K, draft: SiteDraft): unknown {
  const value = draft[key];
  if (key === 'lat' || key === 'lng') return coordinateOf(value as string);
  if (key === 'listing') return value === '' ? null : value;
  if (key === 'images')
    return (value as GalleryImage[]).map((image) => ({ ...image, alt: image.alt.trim() }));
  if (typeof value === 'string') return orNull(value);
  return Array.isArray(value) ? [...value] : value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The whole document with the draft written in; nothing else is touched, and a field left as read
 * keeps its value exactly. A group without a home page (`website` null) keeps none until the
 * home page is turned on or one of its fields is edited; the server fills in the rest with the
 * schema's defaults.
 */
export function documentWith(document: ConfigurationDocument, draft: SiteDraft): ConfigurationDocument {
  const read = draftOf(document);
  const copy = structuredClone(document) as Json;
  const settingsEdited = (Object.keys(SETTINGS_KEYS) as (keyof typeof SETTINGS_KEYS)[]).filter(
    (field) => !same(draft[field], read[field]),
  );
  if (settingsEdited.length > 0) {
    const settings = { ...(objectOr(copy.settings) ?? {}) };
    for (const field of settingsEdited) settings[SETTINGS_KEYS[field]] = storedValue(field, draft);
    copy.settings = settings;
  }
  const edited = (Object.keys(WEBSITE_KEYS) as (keyof typeof WEBSITE_KEYS)[]).filter(
    (field) => !same(draft[field], read[field]),
  );
  // Turning the home page on gives a group without one an empty one: the schema's defaults.
  const switchedOn = draft.hasMinisite && !read.hasMinisite && !objectOr(copy.website);
  if (edited.length > 0 || switchedOn) {
    const website = { ...(objectOr(copy.website) ?? {}) };
    for (const field of edited) website[WEBSITE_KEYS[field]] = storedValue(field, draft);
    copy.website = website;
  }
  return copy;
}

/** The fields the browser finds wrong, in the form's order; the server checks everything again. */
export function localProblems(draft: SiteDraft): SiteField[] {
  const found: SiteField[] = [];
  for (const field of TEXT_FIELDS) if (draft[field].length > TEXT_LIMITS[field]) found.push(field);
  draft.images.forEach((image, index) => {
    if (image.alt.trim().length > MAX_ALT) found.push(`image-${index}`);
  });
  if (draft.listingIds.length > MAX_LISTED) found.push('listing');
  const coordinate = (field: 'lat' | 'lng', limit: number) => {
    const value = coordinateOf(draft[field]);
    if (value !== null && !(Number.isFinite(value) && Math.abs(value) <= limit)) found.push(field);
  };
  coordinate('lat', 90);
  coordinate('lng', 180);
  for (const field of LINK_FIELDS) {
    const typed = draft[field].trim();
    if (typed !== '' && !isHttpsLink(typed)) found.push(field);
  }
  if (draft.mail.trim() !== '' && !isValidEmail(draft.mail.trim())) found.push('mail');
  return found;
}

/** The form's fields in its order, for sorting the server's problems. */
const ORDER: readonly SiteField[] = [
  'hasMinisite',
  ...TEXT_FIELDS,
  'images',
  'listing',
  'lat',
  'lng',
  ...LINK_FIELDS,
  'mail',
];
const rank = (field: SiteField) => {
  const image = /^image-(\d+)$/.exec(field);
  return image ? ORDER.indexOf('images') + (Number(image[1]) + 1) / 1000 : ORDER.indexOf(field);
};

/** The field a problem's path names ("$.website.images[2].alt"); null for one the form does not show. */
export function fieldOfPath(path: string): SiteField | null {
  const bare = path.replace(/^\$\./, '');
  const image = /^website\.images\[(\d+)\]/.exec(bare);
  if (image) return `image-${Number(image[1])}`;
  const [, area, key] = /^(website|settings)\.([A-Za-z_]+)/.exec(bare) ?? [];
  const keys: Record<string, string> = area === 'settings' ? SETTINGS_KEYS : WEBSITE_KEYS;
  const field = Object.keys(keys).find((name) => keys[name] === key);
  if (field === 'listingIds') return 'listing';
  if (!field && area === 'website' && bare === 'website') return 'hasMinisite';
  return (field as SiteField | undefined) ?? null;
}

/** Splits a 422's `problems` ("$.website.facebook: rule") into the form's fields and the rest. */
export function sortProblems(problems: readonly string[]): { fields: SiteField[]; other: string[] } {
  return sortProblemsBy(problems, (path) => fieldOfPath(path) ?? undefined, { rank });
}

/** The gallery with the image at `index` moved by `by` places (kept inside the list). */
export function movedImage(images: readonly GalleryImage[], index: number, by: -1 | 1): GalleryImage[] {
  const to = index + by;
  if (index < 0 || index >= images.length || to < 0 || to >= images.length) return [...images];
  const copy = [...images];
  const [image] = copy.splice(index, 1);
  copy.splice(to, 0, image as GalleryImage);
  return copy;
}

/** The items a listing of this kind may name: externids and names, from the document. */
export function listable(document: ConfigurationDocument, listing: Listing): { id: string; name: string }[] {
  const list =
    listing === 'category'
      ? document.interventionsets
      : listing === 'package'
        ? document.packs
        : document.interventions;
  return (Array.isArray(list) ? list : [])
    .map((item) => objectOr(item) ?? {})
    .filter((item) => item.deleted !== true && typeof item.externid === 'string')
    .map((item) => ({
      id: item.externid as string,
      name: textOf(item.publicname) || textOf(item.name) || (item.externid as string),
    }));
}
