import { z } from 'zod';
import {
  createWebhookBodySchema,
  createWebhookResultSchema,
  listWebhookDeliveriesQuerySchema,
  listWebhooksOperatorQuerySchema,
  replayResultSchema,
  replayWebhookBodySchema,
  WEBHOOK_OPERATOR_ROUTES,
  webhookDeliveriesPageSchema,
  webhookDeliveryDetailSchema,
  webhookDeliverySchema,
  webhooksListSchema,
  webhookTestResultSchema,
} from '@radar/contracts';
import type { FlagSpec, NounSpec } from '../command-spec';
import { stringFlag, validateFlags, type FlagValues } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

const WEBHOOK_FLAG: FlagSpec = { flags: '--webhook <webhook_id>', description: 'the webhook', required: true };
const DELIVERY_FLAG: FlagSpec = { flags: '--delivery <delivery_id>', description: 'the delivery (its webhook-id)', required: true };
const EXAMPLE_WEBHOOK = '4f3e2d1c-0b9a-4877-a665-5443322110ff';
const EXAMPLE_DELIVERY = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';

const webhookId = (flags: FlagValues): string =>
  validateFlags(z.object({ webhook_id: z.uuid() }), { webhook_id: stringFlag(flags, 'webhook') }, { webhook_id: '--webhook' }).webhook_id;

const deliveryIds = (flags: FlagValues): { webhook_id: string; delivery_id: string } =>
  validateFlags(
    z.object({ webhook_id: z.uuid(), delivery_id: z.uuid() }),
    { webhook_id: stringFlag(flags, 'webhook'), delivery_id: stringFlag(flags, 'delivery') },
    { webhook_id: '--webhook', delivery_id: '--delivery' },
  );

/** The flags that were given, as query parameters (checked first with the server's own schema). */
const givenQuery = (values: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));

export const webhookCommands: NounSpec = {
  name: 'webhook',
  summary: 'Webhooks that receive monitor signals, their deliveries, redelivery and replay',
  verbs: [
    {
      name: 'create',
      summary: 'Register a webhook URL. Prints {webhook_id, secret}; the signing secret is shown only here',
      flags: [
        { flags: '--workspace <workspace_id>', description: 'the workspace', required: true },
        { flags: '--url <url>', description: 'the receiving URL (https; public addresses unless the deployment allows others)', required: true },
      ],
      examples: ['radar webhook create --workspace 0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 --url https://hooks.example.com/radar'],
      toRequest: (flags) =>
        operatorRequest(WEBHOOK_OPERATOR_ROUTES.createWebhook, {
          body: validateFlags(
            createWebhookBodySchema,
            { workspace_id: stringFlag(flags, 'workspace'), url: stringFlag(flags, 'url') },
            { workspace_id: '--workspace' },
          ),
          result: createWebhookResultSchema,
        }),
    },
    {
      name: 'list',
      summary: "The workspace's webhooks, as GET /webhooks answers: {items: [{id, url, created_at}], total}",
      flags: [{ flags: '--workspace <workspace_id>', description: 'the workspace', required: true }],
      examples: ['radar webhook list --workspace 0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09'],
      toRequest: (flags) => {
        const query = validateFlags(listWebhooksOperatorQuerySchema, { workspace_id: stringFlag(flags, 'workspace') }, { workspace_id: '--workspace' });
        return operatorRequest(WEBHOOK_OPERATOR_ROUTES.listWebhooks, { query, result: webhooksListSchema });
      },
    },
    {
      name: 'test',
      summary:
        "Send the webhook a signed test event (type webhook.test) now and print the receiver's answer, as POST /webhooks/{id}/test: {delivered, response_status, latency_ms, response_body, error, ...}",
      flags: [WEBHOOK_FLAG],
      examples: [`radar webhook test --webhook ${EXAMPLE_WEBHOOK}`],
      toRequest: (flags) => operatorRequest(WEBHOOK_OPERATOR_ROUTES.testWebhook, { params: { webhook_id: webhookId(flags) }, result: webhookTestResultSchema }),
    },
    {
      name: 'deliveries',
      summary: "The webhook's deliveries, newest first, as GET /webhooks/{id}/deliveries: {items, total, limit, offset}",
      flags: [
        WEBHOOK_FLAG,
        { flags: '--status <status>', description: 'pending, delivered or failed' },
        { flags: '--since <YYYY-MM-DD>', description: 'created on or after this UTC day' },
        { flags: '--until <YYYY-MM-DD>', description: 'created on or before this UTC day' },
        { flags: '--limit <limit>', description: '1 to 200 (default 50)' },
        { flags: '--offset <offset>', description: 'deliveries to skip (default 0)' },
      ],
      examples: [
        `radar webhook deliveries --webhook ${EXAMPLE_WEBHOOK}`,
        `radar webhook deliveries --webhook ${EXAMPLE_WEBHOOK} --status failed --since 2026-11-20 --until 2026-11-24 --limit 100 --offset 100`,
      ],
      toRequest: (flags) => {
        const query = givenQuery({
          status: stringFlag(flags, 'status'),
          since: stringFlag(flags, 'since'),
          until: stringFlag(flags, 'until'),
          limit: stringFlag(flags, 'limit'),
          offset: stringFlag(flags, 'offset'),
        });
        validateFlags(listWebhookDeliveriesQuerySchema, query);
        return operatorRequest(WEBHOOK_OPERATOR_ROUTES.listDeliveries, { params: { webhook_id: webhookId(flags) }, query, result: webhookDeliveriesPageSchema });
      },
    },
    {
      name: 'delivery',
      summary: 'One delivery with every attempt, oldest first, as GET /webhooks/{id}/deliveries/{delivery_id}',
      flags: [WEBHOOK_FLAG, DELIVERY_FLAG],
      examples: [`radar webhook delivery --webhook ${EXAMPLE_WEBHOOK} --delivery ${EXAMPLE_DELIVERY}`],
      toRequest: (flags) => operatorRequest(WEBHOOK_OPERATOR_ROUTES.getDelivery, { params: deliveryIds(flags), result: webhookDeliveryDetailSchema }),
    },
    {
      name: 'redeliver',
      summary: 'Queue one more attempt of a delivery now (same webhook-id and body, freshly signed; not retried). Prints the delivery, pending',
      flags: [WEBHOOK_FLAG, DELIVERY_FLAG],
      examples: [`radar webhook redeliver --webhook ${EXAMPLE_WEBHOOK} --delivery ${EXAMPLE_DELIVERY}`],
      toRequest: (flags) => operatorRequest(WEBHOOK_OPERATOR_ROUTES.redeliver, { params: deliveryIds(flags), body: {}, result: webhookDeliverySchema }),
    },
    {
      name: 'replay',
      summary: "Redeliver every delivery of the webhook created in the days (failed ones by default), oldest first, paced per webhook. Prints {queued, skipped}",
      flags: [
        WEBHOOK_FLAG,
        { flags: '--since <YYYY-MM-DD>', description: 'created on or after this UTC day', required: true },
        { flags: '--until <YYYY-MM-DD>', description: 'created on or before this UTC day', required: true },
        { flags: '--status <status>', description: 'failed (default), delivered, or all' },
      ],
      examples: [`radar webhook replay --webhook ${EXAMPLE_WEBHOOK} --since 2026-11-23 --until 2026-11-24 --status all`],
      toRequest: (flags) => {
        const body = givenQuery({ since: stringFlag(flags, 'since'), until: stringFlag(flags, 'until'), status: stringFlag(flags, 'status') });
        validateFlags(replayWebhookBodySchema, body);
        return operatorRequest(WEBHOOK_OPERATOR_ROUTES.replay, { params: { webhook_id: webhookId(flags) }, body, result: replayResultSchema });
      },
    },
  ],
};
