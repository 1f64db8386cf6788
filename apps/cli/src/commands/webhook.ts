import { z } from 'zod';
import { createWebhookBodySchema, createWebhookResultSchema, WEBHOOK_OPERATOR_ROUTES, webhookTestResultSchema } from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

export const webhookCommands: NounSpec = {
  name: 'webhook',
  summary: 'Webhooks that receive monitor signals',
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
      name: 'test',
      summary:
        "Send the webhook a signed test event (type webhook.test) now and print the receiver's answer: {delivered, response_status, latency_ms, response_body, error, ...}",
      flags: [{ flags: '--webhook <webhook_id>', description: 'the webhook', required: true }],
      examples: ['radar webhook test --webhook 4f3e2d1c-0b9a-4877-a665-5443322110ff'],
      toRequest: (flags) => {
        const { webhook_id } = validateFlags(z.object({ webhook_id: z.uuid() }), { webhook_id: stringFlag(flags, 'webhook') }, { webhook_id: '--webhook' });
        return operatorRequest(WEBHOOK_OPERATOR_ROUTES.testWebhook, { params: { webhook_id }, result: webhookTestResultSchema });
      },
    },
  ],
};
