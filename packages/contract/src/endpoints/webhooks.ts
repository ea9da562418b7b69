/**
 * The group's webhooks in the back office (docs/webhooks.md): its endpoints, the log of what was
 * sent to them, and the group's work that could not be done (dead jobs, docs/jobs.md). Owners only.
 *
 * The address and the events are checked by the server, not here, so that a wrong one is answered
 * 422 with its own key (`invalidWebhookUrl`, `unknownWebhookEvent`) rather than as a malformed call.
 */
import { z } from 'zod';
import { endpoint, records } from '../endpoint.ts';
import { commonQuery, dbId } from '../params.ts';
import { webhookEventType } from '../webhook-events.ts';
import { plainQuery } from './common.ts';

/** Deliveries per page of the log. */
export const WEBHOOK_DELIVERIES_PAGE = 20;
/** Dead jobs listed at most. */
export const MAX_LISTED_DEAD_JOBS = 100;

const groupParams = z.object({ id: dbId });
const hookParams = z.object({ id: dbId, hookId: dbId });

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  created_at: z.string(),
});

const endpointInput = {
  /** Long enough for the server to tell a too-long address from a malformed call. */
  url: z.string().max(10_000),
  events: z.array(z.string().max(200)).max(20),
  enabled: z.boolean(),
};

export const webhookDelivery = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  endpoint_url: z.string(),
  /** The `webhook-id` header: the same on every try and replay of this delivery. */
  event_id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  payload: z.unknown(),
});

export const deadJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const listWebhooks = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/webhooks',
  summary: "The group's webhook endpoints",
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: records(webhookEndpoint) },
});

export const createWebhook = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/webhooks',
  summary: 'Adds an endpoint; the answer holds the signing secret the server made for it',
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  body: z.object({ ...endpointInput, enabled: endpointInput.enabled.optional() }),
  answers: { 201: webhookEndpoint.extend({ secret: z.string() }) },
});

export const updateWebhook = endpoint({
  method: 'PUT',
  path: '/api/v3/admin/groups/:id/webhooks/:hookId',
  summary: "Changes an endpoint's address, events, or whether it is enabled",
  tags: ['back office'],
  params: hookParams,
  querystring: plainQuery,
  body: z.object(endpointInput).partial(),
  answers: { 200: webhookEndpoint },
});

export const deleteWebhook = endpoint({
  method: 'DELETE',
  path: '/api/v3/admin/groups/:id/webhooks/:hookId',
  summary: 'Removes an endpoint and its deliveries',
  tags: ['back office'],
  params: hookParams,
  querystring: plainQuery,
  answers: { 200: z.object({ deleted: z.number().int() }) },
});

export const getWebhookSecret = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/webhooks/:hookId/secret',
  summary: "An endpoint's signing secret",
  tags: ['back office'],
  params: hookParams,
  querystring: plainQuery,
  answers: { 200: z.object({ secret: z.string() }) },
});

export const testWebhook = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/webhooks/:hookId/test',
  summary: 'Queues a `webhook.test` event to the endpoint',
  tags: ['back office'],
  params: hookParams,
  querystring: plainQuery,
  answers: { 202: webhookDelivery },
});

export const listWebhookDeliveries = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/webhooks/deliveries',
  summary: 'What was sent to the endpoints, latest first, a page at a time (`before`: the last id seen)',
  tags: ['back office'],
  params: groupParams,
  querystring: z.object({ ...commonQuery, before: dbId.optional() }),
  answers: { 200: z.object({ records: z.array(webhookDelivery), more: z.boolean() }) },
});

export const replayWebhookDelivery = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/webhooks/deliveries/:deliveryId/replay',
  summary: 'Sends a delivery again, with the same webhook-id',
  tags: ['back office'],
  params: z.object({ id: dbId, deliveryId: dbId }),
  querystring: plainQuery,
  answers: { 202: webhookDelivery },
});

export const listDeadJobs = endpoint({
  method: 'GET',
  path: '/api/v3/admin/groups/:id/webhooks/failed-work',
  summary: "The group's work that could not be done (docs/jobs.md), latest first",
  tags: ['back office'],
  params: groupParams,
  querystring: plainQuery,
  answers: { 200: records(deadJob) },
});

export const retryDeadJob = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/webhooks/failed-work/:jobId/retry',
  summary: 'Puts a dead job back in the queue',
  tags: ['back office'],
  params: z.object({ id: dbId, jobId: dbId }),
  querystring: plainQuery,
  answers: { 200: z.object({ id: z.number().int() }) },
});
