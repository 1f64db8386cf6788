import { Router } from 'express';
import {
  emptyBodySchema,
  listWebhookDeliveriesQuerySchema,
  replayWebhookBodySchema,
  webhookDeliveryPathSchema,
  webhookPathSchema,
} from '@radar/contracts';
import { parseInput, parsePath } from '@radar/platform/http';
import { requireCaller } from '@radar/platform/internal-auth';
import type { DeliveryDeps } from '../use-cases/delivery-deps';
import { getWebhookDelivery, listWebhookDeliveries, listWebhooks } from '../use-cases/read-webhook-log';
import { redeliverWebhookDelivery, replayWebhookDeliveries } from '../use-cases/redeliver-webhook-delivery';
import { testWebhook } from '../use-cases/test-webhook';

/**
 * The public /webhooks endpoints (extensions.md, section 3), for callers the gateway signed: the
 * workspace's webhooks, their delivery log, redelivery, replay and a test event. Scope, role and
 * rate limits are the gateway's (PUBLIC_ROUTES); every read and change here is of the caller's workspace.
 */
export function webhooksRoutes(deps: DeliveryDeps, internalSigningSecret: string): Router {
  const router = Router();
  router.use('/webhooks', requireCaller(internalSigningSecret));

  router.get('/webhooks', async (req, res) => {
    res.json(await listWebhooks(deps, req.caller.workspaceId));
  });
  router.get('/webhooks/:webhook_id/deliveries', async (req, res) => {
    const { webhook_id: webhookId } = parsePath(webhookPathSchema, req.params);
    const query = parseInput(listWebhookDeliveriesQuerySchema, req.query, 'query');
    res.json(await listWebhookDeliveries(deps, req.caller.workspaceId, webhookId, query));
  });
  router.get('/webhooks/:webhook_id/deliveries/:delivery_id', async (req, res) => {
    const { webhook_id: webhookId, delivery_id: deliveryId } = parsePath(webhookDeliveryPathSchema, req.params);
    res.json(await getWebhookDelivery(deps, req.caller.workspaceId, webhookId, deliveryId));
  });
  router.post('/webhooks/:webhook_id/deliveries/:delivery_id/redeliver', async (req, res) => {
    const { webhook_id: webhookId, delivery_id: deliveryId } = parsePath(webhookDeliveryPathSchema, req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'body');
    res.status(202).json(await redeliverWebhookDelivery(deps, req.caller.workspaceId, webhookId, deliveryId));
  });
  router.post('/webhooks/:webhook_id/replay', async (req, res) => {
    const { webhook_id: webhookId } = parsePath(webhookPathSchema, req.params);
    const body = parseInput(replayWebhookBodySchema, req.body ?? {}, 'body');
    res.status(202).json(await replayWebhookDeliveries(deps, req.caller.workspaceId, webhookId, body));
  });
  router.post('/webhooks/:webhook_id/test', async (req, res) => {
    const { webhook_id: webhookId } = parsePath(webhookPathSchema, req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'body');
    res.status(200).json(await testWebhook(deps, webhookId, { workspaceId: req.caller.workspaceId }));
  });
  return router;
}
