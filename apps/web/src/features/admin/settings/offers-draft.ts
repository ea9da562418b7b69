/**
 * The packs & promotions form over the configuration document (docs/group-configuration.md
 * "Catalogue: … `packs`" and "`promotions`"): the packs and promotions it edits, read from the
 * document in the group's own language, written back into a copy of it with every other part
 * untouched (translations, descriptions, thumbnails, an item's pre-selected calendar…). A field
 * is written only when the owner changed it, so an unedited draft gives the document back exactly.
 * Packs and promotions are keyed by their externid, which a new one gets when added.
 */
import { WEEKDAYS, type Weekday } from '@creneau/core/group-config/group-config.schema';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { priceCents, priceText } from './catalogue-draft.ts';

export interface PackItemDraft {
  /** The service's externid; '' until one is chosen. */
  service: string;
  /**
   * Minutes of pause after this position, as typed. Breaks belong to the gaps between positions:
   * moving a service up or down moves the service, not the break (the last one is not shown).
   */
  breakTime: string;
  /** The document item it was read from (its other fields kept while its service is), or -1. */
  from: number;
}

export interface PackDraft {
  externid: string;
  name: string;
  publicname: string;
  /** Its category's externid; '' for none. */
  category: string;
  /** In the currency's units, as typed ("125", "125.50" or "125,50"). */
  price: string;
  /** `status: opened`: offered on the booking pages. */
  offered: boolean;
  items: PackItemDraft[];
  /** Not in the document yet. */
  added: boolean;
}

export interface PromotionDraft {
  externid: string;
  label: string;
  /** 1–100, as typed. */
  percent: string;
  /** `interventions: null`: every service and pack. */
  every: boolean;
  /** The services and packs it applies to when not `every`. */
  services: string[];
  /** None: every day. */
  weekdays: Weekday[];
  /** "HH:MM" or ''. */
  fromTime: string;
  toTime: string;
  /** "YYYY-MM-DD" or ''. */
  fromDate: string;
  toDate: string;
  added: boolean;
}

export interface OffersDraft {
  packs: PackDraft[];
  promotions: PromotionDraft[];
  /** Packs and promotions of the document the owner removed. */
  removedPacks: string[];
  removedPromotions: string[];
}

type Json = Record<string, unknown>;

export const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
export const listOf = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.map((item) => objectOr(item)).filter((item): item is Json => item !== null)
    : [];
/** Items the editor shows: deleted ones stay in the document as they are. */
export const shown = (items: Json[]) => items.filter((item) => item.deleted !== true);

/** A pack's price: `price`, or `total_price` when `price` is null (the booking pages' rule). */
const packCents = (pack: Json): unknown => (typeof pack.price === 'number' ? pack.price : pack.total_price);

export function packDraftOf(pack: Json): PackDraft {
  return {
    externid: textOf(pack.externid),
    name: textOf(pack.name),
    publicname: textOf(pack.publicname),
    category: textOf(pack.interventionset),
    price: priceText(packCents(pack)),
    offered: pack.status !== 'closed',
    items: listOf(pack.items).map((item, from) => ({
      service: textOf(item.intervention),
      breakTime: typeof item.break_time === 'number' ? String(item.break_time) : '0',
      from,
    })),
    added: false,
  };
}

export function promotionDraftOf(promotion: Json): PromotionDraft {
  const services = Array.isArray(promotion.interventions) ? promotion.interventions : null;
  const weekdays = Array.isArray(promotion.weekdays) ? promotion.weekdays : [];
  return {
    externid: textOf(promotion.externid),
    label: textOf(promotion.label),
    percent: typeof promotion.percent === 'number' ? String(promotion.percent) : '',
    every: services === null,
    services: (services ?? []).filter((item): item is string => typeof item === 'string'),
    weekdays: WEEKDAYS.filter((day) => weekdays.includes(day)),
    fromTime: textOf(promotion.from_time),
    toTime: textOf(promotion.to_time),
    fromDate: textOf(promotion.from_date),
    toDate: textOf(promotion.to_date),
    added: false,
  };
}

export function draftOf(document: ConfigurationDocument): OffersDraft {
  return {
    packs: shown(listOf(document.packs)).map(packDraftOf),
    promotions: shown(listOf(document.promotions)).map(promotionDraftOf),
    removedPacks: [],
    removedPromotions: [],
  };
}

/** Break minutes as the schema takes them (0–1440), else undefined. */
export function breakMinutes(text: string): number | undefined {
  const bare = text.trim();
  if (!/^\d{1,4}$/.test(bare)) return undefined;
  const minutes = Number(bare);
  return minutes <= 1440 ? minutes : undefined;
}

/** A typed percentage the schema takes (1–100), else undefined. */
export function percentOf(text: string): number | undefined {
  const bare = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}$/.test(bare)) return undefined;
  const percent = Number(bare);
  return percent >= 1 && percent <= 100 ? percent : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** A pack's items as the draft orders them, each keeping what the form does not show. */
function itemsOf(original: Json[], items: readonly PackItemDraft[]): Json[] {
  return items.map((item) => {
    const base = original[item.from];
    // A pre-selected calendar or a public name belonged to the service that was there.
    const kept = base && textOf(base.intervention) === item.service ? base : {};
    return { ...kept, intervention: item.service, break_time: breakMinutes(item.breakTime) ?? 0 };
  });
}

function packWith(pack: Json, draft: PackDraft): Json {
  const before = packDraftOf(pack);
  const next: Json = { ...pack };
  if (draft.name !== before.name) next.name = draft.name.trim();
  if (draft.publicname !== before.publicname) next.publicname = draft.publicname.trim();
  if (draft.category !== before.category) next.interventionset = draft.category || null;
  if (draft.price !== before.price) {
    // The price goes where the pack keeps it: `price`, or `total_price` for a pack priced that way.
    const key =
      typeof pack.price !== 'number' && typeof pack.total_price === 'number' ? 'total_price' : 'price';
    next[key] = priceCents(draft.price) ?? null;
  }
  if (draft.offered !== before.offered) next.status = draft.offered ? 'opened' : 'closed';
  if (!same(draft.items, before.items)) next.items = itemsOf(listOf(pack.items), draft.items);
  return next;
}

function promotionWith(promotion: Json, draft: PromotionDraft): Json {
  const before = promotionDraftOf(promotion);
  const next: Json = { ...promotion };
  if (draft.label !== before.label) next.label = draft.label.trim();
  if (draft.percent !== before.percent) next.percent = percentOf(draft.percent) ?? 0;
  if (draft.every !== before.every || !same(draft.services, before.services))
    next.interventions = draft.every ? null : [...draft.services];
  if (!same(draft.weekdays, before.weekdays))
    next.weekdays = draft.weekdays.length > 0 ? [...draft.weekdays] : null;
  if (draft.fromTime !== before.fromTime) next.from_time = orNull(draft.fromTime);
  if (draft.toTime !== before.toTime) next.to_time = orNull(draft.toTime);
  if (draft.fromDate !== before.fromDate) next.from_date = orNull(draft.fromDate);
  if (draft.toDate !== before.toDate) next.to_date = orNull(draft.toDate);
  return next;
}

const sortAfter = (items: Json[]) =>
  items.reduce((most, item) => Math.max(most, typeof item.sort === 'number' ? item.sort : 0), 0) + 1;

/**
 * The whole document with the draft written in. A removed pack also leaves the mini-site's lists;
 * call it on a draft without local problems (prices, breaks and percents readable).
 */
export function documentWith(document: ConfigurationDocument, draft: OffersDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const removedPacks = new Set(draft.removedPacks);
  const removedPromotions = new Set(draft.removedPromotions);
  const packOf = new Map(draft.packs.map((pack) => [pack.externid, pack]));
  const promotionOf = new Map(draft.promotions.map((promotion) => [promotion.externid, promotion]));

  if (Array.isArray(copy.packs) || draft.packs.some((pack) => pack.added)) {
    const packs = listOf(copy.packs)
      .filter((pack) => !removedPacks.has(textOf(pack.externid)))
      .map((pack) => {
        const edited = packOf.get(textOf(pack.externid));
        return edited && pack.deleted !== true ? packWith(pack, edited) : pack;
      });
    let sort = sortAfter(packs);
    for (const pack of draft.packs.filter((item) => item.added))
      packs.push({
        externid: pack.externid,
        name: pack.name.trim(),
        publicname: pack.publicname.trim(),
        interventionset: pack.category || null,
        status: pack.offered ? 'opened' : 'closed',
        price: priceCents(pack.price) ?? null,
        items: itemsOf([], pack.items),
        sort: sort++,
      });
    copy.packs = packs;
  }

  if (Array.isArray(copy.promotions) || draft.promotions.some((promotion) => promotion.added)) {
    const promotions = listOf(copy.promotions)
      .filter((promotion) => !removedPromotions.has(textOf(promotion.externid)))
      .map((promotion) => {
        const edited = promotionOf.get(textOf(promotion.externid));
        return edited && promotion.deleted !== true ? promotionWith(promotion, edited) : promotion;
      });
    for (const promotion of draft.promotions.filter((item) => item.added))
      promotions.push({
        externid: promotion.externid,
        label: promotion.label.trim(),
        percent: percentOf(promotion.percent) ?? 0,
        interventions: promotion.every ? null : [...promotion.services],
        from_date: orNull(promotion.fromDate),
        to_date: orNull(promotion.toDate),
        weekdays: promotion.weekdays.length > 0 ? [...promotion.weekdays] : null,
        from_time: orNull(promotion.fromTime),
        to_time: orNull(promotion.toTime),
      });
    copy.promotions = promotions;
  }

  const website = objectOr(copy.website);
  if (website && removedPacks.size > 0) {
    const next = { ...website };
    if (website.listing === 'package' && Array.isArray(website.listing_ids))
      next.listing_ids = website.listing_ids.filter((id) => !removedPacks.has(String(id)));
    if (typeof website.highlight_package === 'string' && removedPacks.has(website.highlight_package))
      next.highlight_package = null;
    copy.website = next;
  }
  return copy;
}
