import { Router } from 'express';
import { z } from 'zod';
import { createSlackConnectionBodySchema, createWebhookBodySchema, OPERATOR_PREFIX, WEBHOOK_OPERATOR_ROUTES } from '@radar/contracts';
import { parseInput } from '@radar/platform/http';
import { requireOperatorSecret } from '@radar/platform/internal-auth';
import { connectSlack } from '../use-cases/connect-slack';
import { createWebhook } from '../use-cases/create-webhook';
import type { DeliveryDeps } from '../use-cases/delivery-deps';
import type { RegistryDeps } from '../use-cases/deps';
import { testWebhook } from '../use-cases/test-webhook';

/**
 * What the web app would do with a logged-in session: register webhooks, send one a test event,
 * and connect team-chat channels. Reached only through the gateway's operator interface, with
 * the operator secret.
 */
export function operatorRoutes(deps: RegistryDeps & Pick<DeliveryDeps, 'outbound' | 'settings' | 'now'>, operatorSecret: string): Router {
  const router = Router();
  router.use(requireOperatorSecret(operatorSecret));

  router.post(WEBHOOK_OPERATOR_ROUTES.createWebhook.path, async (req, res) => {
    const body = parseInput(createWebhookBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await createWebhook(deps, { workspaceId: body.workspace_id, url: body.url }));
  });
  router.post(WEBHOOK_OPERATOR_ROUTES.testWebhook.path, async (req, res) => {
    parseInput(z.strictObject({}), req.body ?? {}, 'body');
    res.status(200).json(await testWebhook(deps, String(req.params.webhook_id), 'operator'));
  });
  router.post(WEBHOOK_OPERATOR_ROUTES.createSlackConnection.path, async (req, res) => {
    const body = parseInput(createSlackConnectionBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await connectSlack(deps, { workspaceId: body.workspace_id, url: body.url, channel: body.channel }));
  });

  const mounted = Router();
  mounted.use(OPERATOR_PREFIX, router);
  return mounted;
}
