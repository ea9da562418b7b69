/**
 * What the packs & promotions form's buttons do to its draft (offers-draft.ts): a pack or a
 * promotion added or removed, a pack's services added, removed and moved, and what the form shows
 * beside them — the services to choose from, a pack's length and what its services cost apart
 * (docs/group-configuration.md "A pack's length is computed: the items' lengths plus the breaks").
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { newExternid } from './catalogue-draft.ts';
import {
  listOf,
  type OffersDraft,
  type PackDraft,
  type PackItemDraft,
  shown,
  textOf,
} from './offers-draft.ts';

/** The schema's bounds on a pack's services. */
export const MIN_ITEMS = 2;
export const MAX_ITEMS = 10;

export interface ServiceChoice {
  externid: string;
  name: string;
  /** Minutes; 0 when unknown. */
  length: number;
  /** Cents; null for no price. */
  price: number | null;
}

/** The single services a pack can hold, in the document's order. */
export function serviceChoices(document: ConfigurationDocument): ServiceChoice[] {
  return shown(listOf(document.interventions)).map((service) => ({
    externid: textOf(service.externid),
    name: textOf(service.name) || textOf(service.externid),
    length: typeof service.length === 'number' ? service.length : 0,
    price: typeof service.price === 'number' ? service.price : null,
  }));
}

/** The categories a pack can be filed under. */
export function categoryChoices(document: ConfigurationDocument): { externid: string; name: string }[] {
  return shown(listOf(document.interventionsets)).map((set) => ({
    externid: textOf(set.externid),
    name: textOf(set.name) || textOf(set.externid),
  }));
}

/** What a promotion can apply to: the services, then the packs of the draft (new ones too). */
export function promotionChoices(services: readonly ServiceChoice[], draft: OffersDraft) {
  return [
    ...services.map(({ externid, name }) => ({ externid, name })),
    ...draft.packs.map((pack) => ({ externid: pack.externid, name: pack.name.trim() || pack.externid })),
  ];
}

/** Minutes booked: the services' lengths plus the breaks between them (not after the last). */
export function packLength(pack: PackDraft, services: readonly ServiceChoice[]): number {
  const lengthOf = new Map(services.map((service) => [service.externid, service.length]));
  return pack.items.reduce(
    (sum, item, index) =>
      sum +
      (lengthOf.get(item.service) ?? 0) +
      (index < pack.items.length - 1 ? Number(item.breakTime.trim()) || 0 : 0),
    0,
  );
}

/** What the pack's services cost one by one, in cents; null while one has no price or none is chosen. */
export function separatePrice(pack: PackDraft, services: readonly ServiceChoice[]): number | null {
  const priceOf = new Map(services.map((service) => [service.externid, service.price]));
  let sum = 0;
  for (const item of pack.items) {
    const price = priceOf.get(item.service);
    if (price == null) return null;
    sum += price;
  }
  return sum;
}

/** Every externid services and packs use (one namespace), and the promotions'. */
function takenIds(document: ConfigurationDocument, draft: OffersDraft): Set<string> {
  return new Set([
    ...listOf(document.interventions).map((item) => textOf(item.externid)),
    ...listOf(document.packs).map((item) => textOf(item.externid)),
    ...listOf(document.promotions).map((item) => textOf(item.externid)),
    ...draft.packs.map((item) => item.externid),
    ...draft.promotions.map((item) => item.externid),
  ]);
}

const newItem = (): PackItemDraft => ({ service: '', breakTime: '0', from: -1 });

export function withNewPack(document: ConfigurationDocument, draft: OffersDraft): OffersDraft {
  const pack: PackDraft = {
    externid: newExternid('pack', takenIds(document, draft)),
    name: '',
    publicname: '',
    category: '',
    price: '',
    offered: true,
    items: [newItem(), newItem()],
    added: true,
  };
  return { ...draft, packs: [...draft.packs, pack] };
}

export function withNewPromotion(document: ConfigurationDocument, draft: OffersDraft): OffersDraft {
  const externid = newExternid('promotion', takenIds(document, draft));
  return {
    ...draft,
    promotions: [
      ...draft.promotions,
      {
        externid,
        label: '',
        percent: '',
        every: true,
        services: [],
        weekdays: [],
        fromTime: '',
        toTime: '',
        fromDate: '',
        toDate: '',
        added: true,
      },
    ],
  };
}

/** The promotions' labels that name a pack: it cannot be removed while any does. */
export function promotionsNaming(draft: OffersDraft, externid: string): string[] {
  return draft.promotions
    .filter((promotion) => !promotion.every && promotion.services.includes(externid))
    .map((promotion) => promotion.label.trim() || promotion.externid);
}

export function withoutPack(draft: OffersDraft, externid: string): OffersDraft {
  const pack = draft.packs.find((item) => item.externid === externid);
  return {
    ...draft,
    packs: draft.packs.filter((item) => item.externid !== externid),
    removedPacks: pack && !pack.added ? [...draft.removedPacks, externid] : draft.removedPacks,
  };
}

export function withoutPromotion(draft: OffersDraft, externid: string): OffersDraft {
  const promotion = draft.promotions.find((item) => item.externid === externid);
  return {
    ...draft,
    promotions: draft.promotions.filter((item) => item.externid !== externid),
    removedPromotions:
      promotion && !promotion.added ? [...draft.removedPromotions, externid] : draft.removedPromotions,
  };
}

/** The pack with its service at `index` moved by `delta`; the breaks stay between the same places. */
export function movedItem(pack: PackDraft, index: number, delta: -1 | 1): PackDraft {
  const target = index + delta;
  const moving = pack.items[index];
  const other = pack.items[target];
  if (!moving || !other) return pack;
  const items = [...pack.items];
  items[index] = { ...other, breakTime: moving.breakTime };
  items[target] = { ...moving, breakTime: other.breakTime };
  return { ...pack, items };
}

export function withItem(pack: PackDraft): PackDraft {
  return pack.items.length >= MAX_ITEMS ? pack : { ...pack, items: [...pack.items, newItem()] };
}

export function withoutItem(pack: PackDraft, index: number): PackDraft {
  return { ...pack, items: pack.items.filter((_, at) => at !== index) };
}
