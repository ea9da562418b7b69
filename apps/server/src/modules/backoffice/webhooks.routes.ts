/** The back office's webhook calls (docs/webhooks.md; contract: endpoints/webhooks.ts). */
import * as contract from '@creneau/contract/endpoints/webhooks';
import { schemaOf } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import {
  createWebhook,
  deleteWebhook,
  listFailedWork,
  listWebhookDeliveries,
  listWebhooks,
  readWebhookSecret,
  replayWebhookDelivery,
  retryFailedWork,
  testWebhook,
  updateWebhook,
} from './webhooks.service.ts';

export function registerWebhookRoutes(app: ZodApp): void {
  app.get(contract.listWebhooks.path, { schema: schemaOf(contract.listWebhooks) }, async (request) =>
    listWebhooks(await scopeOf(request, request.params.id)),
  );

  app.post(
    contract.createWebhook.path,
    { schema: schemaOf(contract.createWebhook) },
    async (request, reply) => {
      const created = await createWebhook(await scopeOf(request, request.params.id), request.body);
      reply.status(201);
      return created;
    },
  );

  app.put(contract.updateWebhook.path, { schema: schemaOf(contract.updateWebhook) }, async (request) =>
    updateWebhook(await scopeOf(request, request.params.id), request.params.hookId, request.body),
  );

  app.delete(contract.deleteWebhook.path, { schema: schemaOf(contract.deleteWebhook) }, async (request) =>
    deleteWebhook(await scopeOf(request, request.params.id), request.params.hookId),
  );

  app.get(
    contract.getWebhookSecret.path,
    { schema: schemaOf(contract.getWebhookSecret) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readWebhookSecret(await scopeOf(request, request.params.id), request.params.hookId);
    },
  );

  app.post(contract.testWebhook.path, { schema: schemaOf(contract.testWebhook) }, async (request, reply) => {
    const delivery = await testWebhook(await scopeOf(request, request.params.id), request.params.hookId);
    reply.status(202);
    return delivery;
  });

  app.get(
    contract.listWebhookDeliveries.path,
    { schema: schemaOf(contract.listWebhookDeliveries) },
    async (request) =>
      listWebhookDeliveries(await scopeOf(request, request.params.id), {
        before: request.query.before,
        limit: contract.WEBHOOK_DELIVERIES_PAGE,
      }),
  );

  app.post(
    contract.replayWebhookDelivery.path,
    { schema: schemaOf(contract.replayWebhookDelivery) },
    async (request, reply) => {
      const delivery = await replayWebhookDelivery(
        await scopeOf(request, request.params.id),
        request.params.deliveryId,
      );
      reply.status(202);
      return delivery;
    },
  );

  app.get(contract.listDeadJobs.path, { schema: schemaOf(contract.listDeadJobs) }, async (request) =>
    listFailedWork(await scopeOf(request, request.params.id), contract.MAX_LISTED_DEAD_JOBS),
  );

  app.post(contract.retryDeadJob.path, { schema: schemaOf(contract.retryDeadJob) }, async (request) =>
    retryFailedWork(await scopeOf(request, request.params.id), request.params.jobId),
  );
}
