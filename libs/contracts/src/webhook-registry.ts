import { z } from 'zod';
import { textField } from './request-fields';

/**
 * webhook-dispatch's registry: the workspace's webhooks and team-chat connections. Created
 * through the operator interface (the web app's stand-in); other services only ask whether one
 * exists in a workspace, over NATS request-reply.
 */

/**
 * An id as a caller received it (a monitor body's `webhook_id`, say). Any string is accepted:
 * one that is not a registry id simply does not exist, so the caller needs no check of its own.
 */
const registryId = textField().min(1).max(255);

export const webhookExistsRequestSchema = z.strictObject({ workspaceId: z.uuid(), webhookId: registryId });
export const webhookExistsReplySchema = z.object({ exists: z.boolean() });

export const slackConnectionRequestSchema = z.strictObject({ workspaceId: z.uuid(), slackConnectionId: registryId });
export const slackConnectionReplySchema = z.object({
  exists: z.boolean(),
  /** The channel name (a Monitor's `slack_channel`); null when the connection does not exist. */
  channel: z.string().nullable(),
});

/** Longest URL accepted for a webhook or a team-chat incoming webhook. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** The URL's syntax only; the service also refuses schemes and addresses its configuration does not allow. */
const endpointUrl = textField()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX_LENGTH)
  .refine((value) => URL.canParse(value), 'must be an absolute URL');

/** Operator interface bodies (under OPERATOR_PREFIX on webhook-dispatch, through the gateway's passthrough). */
export const createWebhookBodySchema = z.strictObject({ workspace_id: z.uuid(), url: endpointUrl });
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;
/** `secret` is `whsec_` + base64 (Standard Webhooks); shown once, here, and never again. */
export const createWebhookResultSchema = z.object({ webhook_id: z.uuid(), secret: z.string().startsWith('whsec_') });

export const SLACK_CHANNEL_MAX_LENGTH = 80;
export const createSlackConnectionBodySchema = z.strictObject({
  workspace_id: z.uuid(),
  /** The channel's incoming-webhook URL. */
  url: endpointUrl,
  channel: textField().trim().min(1).max(SLACK_CHANNEL_MAX_LENGTH),
});
export type CreateSlackConnectionBody = z.infer<typeof createSlackConnectionBodySchema>;
export const createSlackConnectionResultSchema = z.object({ slack_connection_id: z.uuid() });

/**
 * The receiver's answer to a signed test event (`radar webhook test`): what an integrator checks
 * first. `response_status` is null when no response came (refused address, timeout, connection
 * error: `error` says which); `response_body` is the start of the body, as text.
 */
export const webhookTestResultSchema = z.object({
  webhook_id: z.uuid(),
  url: z.string(),
  webhook_message_id: z.string(),
  delivered: z.boolean(),
  response_status: z.number().int().nullable(),
  latency_ms: z.number().int().min(0),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** `radar webhook list`: the webhooks of one workspace. */
export const listWebhooksOperatorQuerySchema = z.object({ workspace_id: z.uuid() });

/**
 * The operator's side of the public webhook endpoints (`radar webhook ...`): the same answers,
 * for any workspace's webhook (an operator names the webhook, not its workspace).
 */
export const WEBHOOK_OPERATOR_ROUTES = {
  createWebhook: { method: 'POST', path: '/webhooks' },
  listWebhooks: { method: 'GET', path: '/webhooks' },
  testWebhook: { method: 'POST', path: '/webhooks/:webhook_id/test' },
  listDeliveries: { method: 'GET', path: '/webhooks/:webhook_id/deliveries' },
  getDelivery: { method: 'GET', path: '/webhooks/:webhook_id/deliveries/:delivery_id' },
  redeliver: { method: 'POST', path: '/webhooks/:webhook_id/deliveries/:delivery_id/redeliver' },
  replay: { method: 'POST', path: '/webhooks/:webhook_id/replay' },
  createSlackConnection: { method: 'POST', path: '/slack-connections' },
} as const;

