/** Rows of the webhooks (docs/webhooks.md): endpoints and the log of deliveries. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, WebhookDeliveryStatus } from '../../db/database.ts';
import { fixedShape, type Placeholders } from '../../db/fixed-shape.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function listEndpoints(db: Db, groupId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('id')
    .execute();
}

export function findEndpoint(db: Db, groupId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface EnabledEndpoint {
  id: number;
  events: string[];
}

/** The group's enabled endpoints and the events each receives, in id order. */
export function enabledEndpoints(db: Db, groupId: number): Promise<EnabledEndpoint[]> {
  return enabledEndpointsQuery.execute(db, { groupId });
}

/** Read by every booking: built once (db/fixed-shape.ts). */
const enabledEndpointsQuery = fixedShape((db, p: Placeholders<{ groupId: number }>) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('group_id', '=', p.groupId)
    .where('enabled', '=', true)
    .orderBy('id'),
);

export function insertEndpoint(
  db: Db,
  values: { groupId: number; url: string; events: string[]; secret: string; enabled: boolean; now: Date },
) {
  return db
    .insertInto('webhook_endpoints')
    .values({
      group_id: values.groupId,
      url: values.url,
      events: JSON.stringify(values.events),
      secret: values.secret,
      enabled: values.enabled,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateEndpoint(
  db: Db,
  groupId: number,
  id: number,
  changes: { url?: string; events?: string[]; enabled?: boolean; now: Date },
) {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.events !== undefined ? { events: JSON.stringify(changes.events) } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      updated_at: changes.now,
    })
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, groupId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function insertDelivery(
  db: Db,
  values: { groupId: number; endpointId: number; eventId: string; type: string; payload: object; now: Date },
) {
  return db
    .insertInto('webhook_deliveries')
    .values({
      group_id: values.groupId,
      endpoint_id: values.endpointId,
      event_id: values.eventId,
      event_type: values.type,
      payload: JSON.stringify(values.payload),
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function deliveries(db: Db) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select('e.url as endpoint_url');
}

export function findDelivery(db: Db, groupId: number, id: number) {
  return deliveries(db).where('d.group_id', '=', groupId).where('d.id', '=', id).executeTakeFirst();
}

/** Latest first; `before` is the last id of the previous page. */
export function listDeliveries(db: Db, groupId: number, options: { before?: number; limit: number }) {
  let q = deliveries(db).where('d.group_id', '=', groupId);
  if (options.before !== undefined) q = q.where('d.id', '<', options.before);
  return q.orderBy('d.id', 'desc').limit(options.limit).execute();
}

/** What the sender needs: the delivery with its endpoint's address, secret and switch. */
export function deliveryToSend(db: Db, id: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.event_id', 'd.payload', 'e.url', 'e.secret', 'e.enabled'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function recordTry(
  db: Db,
  id: number,
  outcome: {
    status: WebhookDeliveryStatus;
    statusCode: number | null;
    error: string | null;
    deliveredAt: Date | null;
  },
) {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      status: outcome.status,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      delivered_at: outcome.deliveredAt,
    }))
    .where('id', '=', id)
    .execute();
}

/** A delivery sent again: pending until its new job reports. */
export async function markPending(db: Db, groupId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending' })
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Forgets what the log holds about some customer records (a person erased on request): their
 * deliveries go, sent or not — a pending one is then never sent.
 */
export async function deleteDeliveriesAbout(db: Db, groupId: number, ficheIds: readonly number[]) {
  if (ficheIds.length === 0) return 0;
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('group_id', '=', groupId)
    .where(sql<number>`(payload->'data'->'customer'->>'id')::integer`, 'in', [...ficheIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the log's finished deliveries created before `before`. */
export async function purgeDeliveries(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<', before)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
