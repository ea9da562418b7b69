/**
 * The packs & promotions form's problems: the checks the browser can make for sure (the schema's
 * bounds, docs/group-configuration.md "packs" and "promotions"), and the server's 422 problem
 * paths brought back to the field they name. The server checks everything again.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { priceCents } from './catalogue-draft.ts';
import { breakMinutes, listOf, type OffersDraft, percentOf, textOf } from './offers-draft.ts';
import { MAX_ITEMS, MIN_ITEMS } from './offers-edits.ts';
import { sortProblemsBy } from './server-problems.ts';

export type PackField =
  | 'name'
  | 'publicname'
  | 'category'
  | 'price'
  | 'items'
  | `service-${number}`
  | `break-${number}`;
export type PromotionField =
  | 'label'
  | 'percent'
  | 'services'
  | 'weekdays'
  | 'fromTime'
  | 'toTime'
  | 'fromDate'
  | 'toDate';

/** A field of the form: "pack:pack-eclat:service-1", "promotion:noel:toDate". */
export type OffersFieldId = `pack:${string}:${PackField}` | `promotion:${string}:${PromotionField}`;

/** The key under admin.settings.offers.errors of a field's message. */
export function errorKey(field: OffersFieldId): string {
  const name = field.slice(field.lastIndexOf(':') + 1);
  if (name.startsWith('service-')) return 'service';
  if (name.startsWith('break-')) return 'break';
  return name;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The problems the browser finds, in the form's order (the packs, then the promotions). */
export function localProblems(draft: OffersDraft, services: ReadonlySet<string>): OffersFieldId[] {
  const found: OffersFieldId[] = [];
  for (const pack of draft.packs) {
    const at = (field: PackField) => found.push(`pack:${pack.externid}:${field}`);
    if (pack.name.trim() === '' || pack.name.length > 255) at('name');
    if (pack.publicname.length > 255) at('publicname');
    const price = priceCents(pack.price);
    // A pack always has a price (the schema wants `price` or `total_price`); 0 is free.
    if (price === undefined || price === null) at('price');
    pack.items.forEach((item, index) => {
      if (!services.has(item.service)) at(`service-${index}`);
      if (index < pack.items.length - 1 && breakMinutes(item.breakTime) === undefined) at(`break-${index}`);
    });
    if (pack.items.length < MIN_ITEMS || pack.items.length > MAX_ITEMS) at('items');
  }
  for (const promotion of draft.promotions) {
    const at = (field: PromotionField) => found.push(`promotion:${promotion.externid}:${field}`);
    if (promotion.label.trim() === '' || promotion.label.length > 255) at('label');
    if (percentOf(promotion.percent) === undefined) at('percent');
    if (!promotion.every && promotion.services.length === 0) at('services');
    const { fromTime, toTime, fromDate, toDate } = promotion;
    if (fromTime !== '' && !TIME.test(fromTime)) at('fromTime');
    if (toTime !== '' && (!TIME.test(toTime) || (TIME.test(fromTime) && toTime <= fromTime))) at('toTime');
    if (fromDate !== '' && !DATE.test(fromDate)) at('fromDate');
    if (toDate !== '' && (!DATE.test(toDate) || (DATE.test(fromDate) && toDate < fromDate))) at('toDate');
  }
  return found;
}

const PACK_FIELDS: Record<string, PackField> = {
  name: 'name',
  externid: 'name',
  publicname: 'publicname',
  interventionset: 'category',
  price: 'price',
  total_price: 'price',
  items: 'items',
};
const PROMOTION_FIELDS: Record<string, PromotionField> = {
  label: 'label',
  externid: 'label',
  percent: 'percent',
  interventions: 'services',
  weekdays: 'weekdays',
  from_time: 'fromTime',
  to_time: 'toTime',
  from_date: 'fromDate',
  to_date: 'toDate',
};

/**
 * The field a problem path names ("$.packs[2].items[1].intervention", or by externid
 * "packs[duo].price" as changes write it), in the document that was sent; null for a path the
 * form does not edit.
 */
export function fieldOfPath(sent: ConfigurationDocument, path: string): OffersFieldId | null {
  const bare = path.startsWith('$.') ? path.slice(2) : path;
  const match = /^(packs|promotions)\[([^\]]+)\](?:\.(\w+))?(?:\[(\d+)\](?:\.(\w+))?)?/.exec(bare);
  if (!match) return null;
  const [, list, reference = '', property = 'name', index, inner] = match;
  const items = listOf((sent as Record<string, unknown>)[list as string]);
  const externid = /^\d+$/.test(reference) ? textOf(items[Number(reference)]?.externid) : reference;
  if (!externid) return null;
  if (list === 'promotions') {
    const field = PROMOTION_FIELDS[property === 'name' ? 'label' : property];
    return field ? `promotion:${externid}:${field}` : null;
  }
  if (property === 'items' && index !== undefined) {
    const item: PackField = inner === 'break_time' ? `break-${Number(index)}` : `service-${Number(index)}`;
    return `pack:${externid}:${item}`;
  }
  const field = PACK_FIELDS[property];
  return field ? `pack:${externid}:${field}` : null;
}

export interface SortedProblems {
  fields: OffersFieldId[];
  other: string[];
}

/** Splits a 422's `problems` into the form's fields and the rest, as written. */
export function sortProblems(sent: ConfigurationDocument, problems: readonly string[]): SortedProblems {
  return sortProblemsBy(problems, (path) => fieldOfPath(sent, path) ?? undefined);
}
