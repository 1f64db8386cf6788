import { Router } from 'express';
import {
  createSlackConnectionBodySchema,
  createWebhookBodySchema,
  emptyBodySchema,
  listWebhookDeliveriesQuerySchema,
  listWebhooksOperatorQuerySchema,
  OPERATOR_PREFIX,
  replayWebhookBodySchema,
  WEBHOOK_OPERATOR_ROUTES,
  webhookDeliveryPathSchema,
  webhookPathSchema,
} from '@radar/contracts';
import { parseInput, parsePath } from '@radar/platform/http';
import { requireOperatorSecret } from '@radar/platform/internal-auth';
import { connectSlack } from '../use-cases/connect-slack';
import { createWebhook } from '../use-cases/create-webhook';
import type { DeliveryDeps } from '../use-cases/delivery-deps';
import { getWebhookDelivery, listWebhookDeliveries, listWebhooks, workspaceOfWebhook } from '../use-cases/read-webhook-log';
import { redeliverWebhookDelivery, replayWebhookDeliveries } from '../use-cases/redeliver-webhook-delivery';
import { testWebhook } from '../use-cases/test-webhook';

/**
 * What the web app would do with a logged-in session: register webhooks, send one a test event,
 * connect team-chat channels; and the public webhook endpoints for an operator (`radar webhook
 * ...`), who names a webhook of any workspace. Reached only through the gateway's operator
 * interface, with the operator secret.
 */
export function operatorRoutes(deps: DeliveryDeps, operatorSecret: string): Router {
  const router = Router();
  router.use(requireOperatorSecret(operatorSecret));
  const { listWebhooks: list, testWebhook: test, listDeliveries, getDelivery, redeliver, replay } = WEBHOOK_OPERATOR_ROUTES;

  router.post(WEBHOOK_OPERATOR_ROUTES.createWebhook.path, async (req, res) => {
    const body = parseInput(createWebhookBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await createWebhook(deps, { workspaceId: body.workspace_id, url: body.url }));
  });
  router.get(list.path, async (req, res) => {
    const query = parseInput(listWebhooksOperatorQuerySchema, req.query, 'query');
    res.json(await listWebhooks(deps, query.workspace_id));
  });
  router.post(test.path, async (req, res) => {
    const { webhook_id: webhookId } = parsePath(webhookPathSchema, req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'body');
    res.status(200).json(await testWebhook(deps, webhookId, 'operator'));
  });
  router.get(listDeliveries.path, async (req, res) => {
    const webhook = await workspaceOfWebhook(deps, parsePath(webhookPathSchema, req.params).webhook_id);
    const query = parseInput(listWebhookDeliveriesQuerySchema, req.query, 'query');
    res.json(await listWebhookDeliveries(deps, webhook.workspaceId, webhook.id, query));
  });
  router.get(getDelivery.path, async (req, res) => {
    const path = parsePath(webhookDeliveryPathSchema, req.params);
    const webhook = await workspaceOfWebhook(deps, path.webhook_id);
    res.json(await getWebhookDelivery(deps, webhook.workspaceId, webhook.id, path.delivery_id));
  });
  router.post(redeliver.path, async (req, res) => {
    const path = parsePath(webhookDeliveryPathSchema, req.params);
    const webhook = await workspaceOfWebhook(deps, path.webhook_id);
    const deliveryId = path.delivery_id;
    parseInput(emptyBodySchema, req.body ?? {}, 'body');
    res.status(202).json(await redeliverWebhookDelivery(deps, webhook.workspaceId, webhook.id, deliveryId));
  });
  router.post(replay.path, async (req, res) => {
    const webhook = await workspaceOfWebhook(deps, parsePath(webhookPathSchema, req.params).webhook_id);
    const body = parseInput(replayWebhookBodySchema, req.body ?? {}, 'body');
    res.status(202).json(await replayWebhookDeliveries(deps, webhook.workspaceId, webhook.id, body));
  });
  router.post(WEBHOOK_OPERATOR_ROUTES.createSlackConnection.path, async (req, res) => {
    const body = parseInput(createSlackConnectionBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await connectSlack(deps, { workspaceId: body.workspace_id, url: body.url, channel: body.channel }));
  });

  const mounted = Router();
  mounted.use(OPERATOR_PREFIX, router);
  return mounted;
}
