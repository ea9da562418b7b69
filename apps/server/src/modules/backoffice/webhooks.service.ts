/**
 * The group's webhooks in the back office (docs/webhooks.md): endpoints, their secrets, the
 * delivery log and its replays, and the group's dead jobs. Owners only (right `webhooks.manage`).
 */
import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@creneau/contract/webhook-events';
import { webhookUrlProblem } from '@creneau/core/url/webhook-url';
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { deadJobsOfGroup, insertJob, requeueDeadJob } from '../../jobs/jobs.repository.ts';
import { enqueueDelivery, webhookGroup } from '../webhooks/webhook-events.ts';
import { WEBHOOK_JOB_KIND, WEBHOOK_MAX_ATTEMPTS } from '../webhooks/webhook-retry.ts';
import * as repo from '../webhooks/webhooks.repository.ts';
import { requireRight } from './membership.service.ts';

/** Endpoints per group: enough for a few integrations, few enough to keep every booking quick. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

type EndpointRow = NonNullable<Awaited<ReturnType<typeof repo.findEndpoint>>>;
type DeliveryRow = NonNullable<Awaited<ReturnType<typeof repo.findDelivery>>>;

const presentEndpoint = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  events: WEBHOOK_EVENTS.filter((event) => row.events.includes(event)),
  enabled: row.enabled,
  created_at: row.created_at.toISOString(),
});

const presentDelivery = (row: DeliveryRow) => ({
  id: row.id,
  endpoint_id: row.endpoint_id,
  endpoint_url: row.endpoint_url,
  event_id: row.event_id,
  type: row.event_type,
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.last_status_code,
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
  delivered_at: row.delivered_at?.toISOString() ?? null,
  payload: row.payload,
});

/** The Standard Webhooks form of a key: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

function checkedUrl(scope: Scope, url: string): string {
  const problem = webhookUrlProblem(url, { allowLoopback: scope.ctx.config.webhooksAllowLoopback });
  if (problem) throw errors.unprocessable('invalidWebhookUrl', { reason: problem });
  return url;
}

function checkedEvents(events: readonly string[]): string[] {
  const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (unknown.length > 0) throw errors.unprocessable('unknownWebhookEvent', { events: unknown });
  if (events.length === 0) throw errors.unprocessable('noWebhookEvent');
  return WEBHOOK_EVENTS.filter((event) => events.includes(event));
}

async function endpointOf(scope: Scope, id: number) {
  const row = await repo.findEndpoint(scope.ctx.db, scope.group.id, id);
  if (!row) throw errors.notFound('webhookNotFound');
  return row;
}

export async function listWebhooks(scope: Scope) {
  await requireRight(scope, 'webhooks.manage');
  return { records: (await repo.listEndpoints(scope.ctx.db, scope.group.id)).map(presentEndpoint) };
}

export async function createWebhook(
  scope: Scope,
  input: { url: string; events: readonly string[]; enabled?: boolean | undefined },
) {
  await requireRight(scope, 'webhooks.manage');
  const url = checkedUrl(scope, input.url);
  const events = checkedEvents(input.events);
  const { ctx, group } = scope;
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Counted under the group's row lock, so two creations at once cannot pass the cap together.
    await trx.selectFrom('groups').select('id').where('id', '=', group.id).forUpdate().execute();
    const existing = await repo.listEndpoints(trx, group.id);
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS)
      throw errors.unprocessable('tooManyWebhooks', { max: MAX_WEBHOOK_ENDPOINTS });
    return repo.insertEndpoint(trx, {
      groupId: group.id,
      url,
      events,
      secret: newSecret(),
      enabled: input.enabled ?? true,
      now: scope.now,
    });
  });
  return { ...presentEndpoint(row), secret: row.secret };
}

export async function updateWebhook(
  scope: Scope,
  id: number,
  input: { url?: string | undefined; events?: readonly string[] | undefined; enabled?: boolean | undefined },
) {
  await requireRight(scope, 'webhooks.manage');
  const changes = {
    ...(input.url !== undefined ? { url: checkedUrl(scope, input.url) } : {}),
    ...(input.events !== undefined ? { events: checkedEvents(input.events) } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    now: scope.now,
  };
  const row = await repo.updateEndpoint(scope.ctx.db, scope.group.id, id, changes);
  if (!row) throw errors.notFound('webhookNotFound');
  return presentEndpoint(row);
}

export async function deleteWebhook(scope: Scope, id: number) {
  await requireRight(scope, 'webhooks.manage');
  const deleted = await repo.deleteEndpoint(scope.ctx.db, scope.group.id, id);
  if (deleted === 0) throw errors.notFound('webhookNotFound');
  return { deleted };
}

export async function readWebhookSecret(scope: Scope, id: number) {
  await requireRight(scope, 'webhooks.manage');
  return { secret: (await endpointOf(scope, id)).secret };
}

/** Queues a `webhook.test` event to the endpoint, enabled or not in its events. */
export async function testWebhook(scope: Scope, id: number) {
  await requireRight(scope, 'webhooks.manage');
  const endpoint = await endpointOf(scope, id);
  const { ctx, group } = scope;
  const now = ctx.now();
  const deliveryId = await ctx.db
    .transaction()
    .execute((trx) =>
      enqueueDelivery(
        trx,
        group,
        endpoint.id,
        { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { group: webhookGroup(group) } },
        now,
      ),
    );
  return presentDelivery((await repo.findDelivery(ctx.db, group.id, deliveryId))!);
}

export async function listWebhookDeliveries(
  scope: Scope,
  options: { before?: number | undefined; limit: number },
) {
  await requireRight(scope, 'webhooks.manage');
  const rows = await repo.listDeliveries(scope.ctx.db, scope.group.id, {
    before: options.before,
    limit: options.limit + 1,
  });
  return { records: rows.slice(0, options.limit).map(presentDelivery), more: rows.length > options.limit };
}

/**
 * Sends a delivery again, with its webhook-id: a receiver that did take it the first time
 * recognises the repeat. A delivery still being tried is already on its way.
 */
export async function replayWebhookDelivery(scope: Scope, id: number) {
  await requireRight(scope, 'webhooks.manage');
  const { ctx, group } = scope;
  const delivery = await repo.findDelivery(ctx.db, group.id, id);
  if (!delivery) throw errors.notFound('webhookDeliveryNotFound');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markPending(trx, group.id, id))) throw errors.conflict('webhookDeliveryPending');
    await insertJob(trx, {
      kind: WEBHOOK_JOB_KIND,
      payload: { deliveryId: id },
      groupId: group.id,
      runAt: ctx.now(),
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    });
  });
  return presentDelivery((await repo.findDelivery(ctx.db, group.id, id))!);
}

export async function listFailedWork(scope: Scope, limit: number) {
  await requireRight(scope, 'webhooks.manage');
  const jobs = await deadJobsOfGroup(scope.ctx.db, scope.group.id, limit);
  return {
    records: jobs.map((job) => ({
      id: job.id,
      kind: job.kind,
      attempts: job.attempts,
      last_error: job.lastError,
      created_at: job.createdAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
    })),
  };
}

export async function retryFailedWork(scope: Scope, jobId: number) {
  await requireRight(scope, 'webhooks.manage');
  if (!(await requeueDeadJob(scope.ctx.db, scope.group.id, jobId, scope.ctx.now())))
    throw errors.notFound('jobNotFound');
  return { id: jobId };
}
