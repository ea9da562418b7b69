/**
 * Emitting webhook events (docs/webhooks.md "Events"): for each enabled endpoint of the group that
 * receives the event, a delivery in the log and the job that sends it, both written on the caller's
 * transaction — a change that rolls back sends nothing, a committed one always sends.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEventType, WebhookPayload } from '@creneau/contract/webhook-events';
import type { Kysely, Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database, FicheRow, GroupRow } from '../../db/database.ts';
import { insertJob } from '../../jobs/jobs.repository.ts';
import { WEBHOOK_JOB_KIND, WEBHOOK_MAX_ATTEMPTS } from './webhook-retry.ts';
import * as repo from './webhooks.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What an appointment event tells of each appointment: the columns of the appointments module's
 * detailed rows it reads, named here so that this module does not depend on that one (which calls it).
 */
export interface AppointmentFacts {
  id: number;
  status: 'confirmed' | 'cancelled';
  starts_at: Date;
  ends_at: Date;
  intervention_id: number;
  intervention_name: string;
  calendar_id: number;
  calendar_name: string;
  resource_id: number | null;
  resource_name: string | null;
  price_amount: number | null;
  fiche_id: number;
  fiche_firstname: string;
  fiche_lastname: string;
  fiche_email: string | null;
  fiche_phone: string | null;
  account_email: string | null;
}

/** The `webhook-id` of a delivery: unique, the same on each of its tries. */
export const newEventId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** Logs a delivery of `payload` to one endpoint and queues the job that sends it. */
export async function enqueueDelivery(
  db: Db,
  group: Pick<GroupRow, 'id'>,
  endpointId: number,
  payload: WebhookPayload,
  now: Date,
): Promise<number> {
  const { id } = await repo.insertDelivery(db, {
    groupId: group.id,
    endpointId,
    eventId: newEventId(),
    type: payload.type,
    payload,
    now,
  });
  await insertJob(db, {
    kind: WEBHOOK_JOB_KIND,
    payload: { deliveryId: id },
    groupId: group.id,
    runAt: now,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  return id;
}

/**
 * The group's enabled endpoints, read once per transaction: a booking emits two events (the new
 * customer record, the appointments) and the second reuses the first's read, as if both events had
 * been emitted at that moment. Outside a transaction every call reads.
 */
const endpointsOfTransaction = new WeakMap<Db, Map<number, Promise<repo.EnabledEndpoint[]>>>();
function enabledEndpoints(db: Db, groupId: number): Promise<repo.EnabledEndpoint[]> {
  if (!db.isTransaction) return repo.enabledEndpoints(db, groupId);
  let byGroup = endpointsOfTransaction.get(db);
  if (!byGroup) {
    byGroup = new Map();
    endpointsOfTransaction.set(db, byGroup);
  }
  let endpoints = byGroup.get(groupId);
  if (!endpoints) {
    endpoints = repo.enabledEndpoints(db, groupId);
    byGroup.set(groupId, endpoints);
  }
  return endpoints;
}

async function emit(db: Db, group: GroupRow, payload: WebhookPayload, now: Date) {
  for (const endpoint of await enabledEndpoints(db, group.id))
    if (endpoint.events.includes(payload.type)) await enqueueDelivery(db, group, endpoint.id, payload, now);
}

export const webhookGroup = (group: Pick<GroupRow, 'id' | 'urlname'>) => ({
  id: group.id,
  urlname: group.urlname,
});

/** A booking's appointments were created, changed or cancelled. */
export async function emitAppointmentEvent(
  { ctx, group }: Pick<Scope, 'ctx' | 'group'>,
  db: Db,
  { rows, event }: { rows: readonly AppointmentFacts[]; event: 'created' | 'changed' | 'cancelled' },
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const now = ctx.now();
  const type: WebhookEventType = `appointment.${event}`;
  await emit(
    db,
    group,
    {
      type,
      timestamp: now.toISOString(),
      data: {
        group: webhookGroup(group),
        customer: {
          id: first.fiche_id,
          firstname: first.fiche_firstname,
          lastname: first.fiche_lastname,
          email: first.fiche_email ?? first.account_email ?? null,
          phone: first.fiche_phone,
        },
        appointments: rows.map((row) => ({
          id: row.id,
          status: row.status,
          starts_at: row.starts_at.toISOString(),
          ends_at: row.ends_at.toISOString(),
          service: { id: row.intervention_id, name: row.intervention_name },
          calendar: { id: row.calendar_id, name: row.calendar_name },
          resource: row.resource_id !== null ? { id: row.resource_id, name: row.resource_name ?? '' } : null,
          price_cents: row.price_amount,
        })),
      },
    },
    now,
  );
}

/** A customer record (fiche) was created in the group. */
export async function emitCustomerCreated(
  { ctx, group }: Pick<Scope, 'ctx' | 'group'>,
  db: Db,
  fiche: FicheRow,
): Promise<void> {
  const now = ctx.now();
  await emit(
    db,
    group,
    {
      type: 'customer.created',
      timestamp: now.toISOString(),
      data: {
        group: webhookGroup(group),
        customer: {
          id: fiche.id,
          firstname: fiche.firstname,
          lastname: fiche.lastname,
          email: fiche.email,
          phone: fiche.firstphone,
        },
      },
    },
    now,
  );
}
