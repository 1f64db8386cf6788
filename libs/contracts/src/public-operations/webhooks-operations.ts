import {
  listWebhookDeliveriesQuerySchema,
  replayResultSchema,
  replayWebhookBodySchema,
  webhookDeliveriesPageSchema,
  webhookDeliveryDetailSchema,
  webhookDeliverySchema,
  webhooksListSchema,
  WEBHOOK_REPLAY_MAX_DELIVERIES,
  type WebhookDeliveryDetail,
  type WebhookDeliveryView,
} from '../webhooks-api';
import { emptyBodySchema } from '../request-fields';
import { webhookTestResultSchema, type WebhookTestResult } from '../webhook-registry';
import type { PublicOperation } from './operation';
import { webhookDeliveryPathSchema, webhookPathSchema } from './path-parameters';

const WEBHOOK_ID = '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f';

const failed: WebhookDeliveryView = {
  id: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
  signal_id: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
  status: 'failed',
  attempt_count: 8,
  last_response_status: 503,
  last_error: 'non_2xx',
  next_attempt_at: null,
  created_at: '2026-11-24T09:00:01.311Z',
  delivered_at: null,
};

const failedDetail: WebhookDeliveryDetail = {
  ...failed,
  attempt_count: 3,
  attempts: [
    { number: 1, started_at: '2026-11-24T09:00:01.402Z', response_status: null, latency_ms: 15_000, error: 'timeout' },
    { number: 2, started_at: '2026-11-24T09:00:21.455Z', response_status: null, latency_ms: 3, error: 'connection_error' },
    { number: 3, started_at: '2026-11-24T09:05:02.130Z', response_status: 503, latency_ms: 41, error: 'non_2xx' },
  ],
};

const testResult: WebhookTestResult = {
  webhook_id: WEBHOOK_ID,
  url: 'https://hooks.example.com/radar',
  webhook_message_id: 'test_0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  delivered: true,
  response_status: 200,
  latency_ms: 87,
  response_body: '{"ok":true}',
  error: null,
};

const CHANGE_RULE = 'Needs a `read_write` token whose holder is an owner or admin of the workspace at request time.';
const ERRORS =
  '`last_error` and an attempt\'s `error`: null, or why no acceptable answer came: `timeout`, `connection_error`, ' +
  '`tls_error`, `address_refused` (the URL resolves to an address deliveries may not go to), `non_2xx`.';
const REDELIVERED =
  'The attempt goes to the webhook\'s current URL with the same `webhook-id` header and body bytes, freshly timestamped ' +
  'and signed, after the same address checks as a scheduled attempt; it is not retried if it fails. Afterwards the status is ' +
  '`delivered` if any attempt ever got a 2xx, else `pending` while scheduled retries remain, else `failed`; the signal\'s ' +
  '`delivery_status` and `response_status` follow. Receivers should de-duplicate on `webhook-id`.';

export const WEBHOOKS_OPERATIONS: PublicOperation[] = [
  {
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/webhooks',
    tag: 'Webhooks',
    summary: 'List webhooks',
    description: 'The workspace\'s webhooks, oldest first. The signing secret is shown once, when a webhook is created in the web app, never here.',
    success: {
      status: 200,
      description: 'The webhooks.',
      body: webhooksListSchema,
      examples: { list: { summary: 'One webhook', value: { items: [{ id: WEBHOOK_ID, url: 'https://hooks.example.com/radar', created_at: '2026-11-20T14:00:02.000Z' }], total: 1 } } },
    },
    errors: [],
    safeToRepeat: true,
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/webhooks/{webhook_id}/deliveries',
    tag: 'Webhooks',
    summary: 'List a webhook\'s deliveries',
    description:
      'What was sent to the webhook, newest first, by offset (`limit` 1-200, default 50). `status` as the signal shows it as ' +
      '`delivery_status`; `since` and `until` are UTC days of creation, both inclusive. `id` is the `webhook_delivery_id`, ' +
      `the \`webhook-id\` header of every attempt. ${ERRORS} Deliveries are kept 30 days.`,
    request: { path: webhookPathSchema, query: listWebhookDeliveriesQuerySchema },
    success: { status: 200, description: 'A page of deliveries.', body: webhookDeliveriesPageSchema, examples: { page: { summary: 'A page', value: { items: [failed], total: 1, limit: 50, offset: 0 } } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
  {
    operationId: 'getWebhookDelivery',
    method: 'GET',
    path: '/webhooks/{webhook_id}/deliveries/{delivery_id}',
    tag: 'Webhooks',
    summary: 'Get a delivery with its attempts',
    description: `The delivery and every attempt (one HTTP request each), oldest first. ${ERRORS}`,
    request: { path: webhookDeliveryPathSchema },
    success: { status: 200, description: 'The delivery.', body: webhookDeliveryDetailSchema, examples: { failed: { summary: 'A failed delivery', value: failedDetail } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: true,
  },
  {
    operationId: 'redeliverWebhookDelivery',
    method: 'POST',
    path: '/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
    tag: 'Webhooks',
    summary: 'Redeliver a delivery',
    description:
      `Queues one more attempt of the delivery now. ${REDELIVERED} While an attempt of the delivery is queued or in flight, ` +
      `409 \`DELIVERY_IN_PROGRESS\`. No body, or \`{}\`. ${CHANGE_RULE}`,
    request: { path: webhookDeliveryPathSchema, body: emptyBodySchema, bodyRequired: false },
    success: {
      status: 202,
      description: 'The delivery, `pending` until the attempt is recorded.',
      body: webhookDeliverySchema,
      examples: { queued: { summary: 'Queued', value: { ...failed, status: 'pending', next_attempt_at: '2026-11-25T10:12:40.204Z' } } },
    },
    errors: ['NOT_FOUND', 'DELIVERY_IN_PROGRESS'],
    safeToRepeat: false,
  },
  {
    operationId: 'replayWebhookDeliveries',
    method: 'POST',
    path: '/webhooks/{webhook_id}/replay',
    tag: 'Webhooks',
    summary: 'Replay a webhook\'s deliveries',
    description:
      'Redelivers every delivery of the webhook created in the days `since` to `until` (UTC, both inclusive) with the ' +
      '`status` asked (`failed` by default, `delivered`, or `all` for both; a `pending` delivery is never replayed), as ' +
      `redeliver does, at most ${WEBHOOK_REPLAY_MAX_DELIVERIES.toLocaleString('en-US')} (more is 422 naming \`until\`). A ` +
      'delivery with an attempt already queued or in flight is skipped and counted in `skipped`, so repeating a replay ' +
      'queues nothing twice. The attempts go out oldest first, at most 50 a second per webhook; their progress shows in ' +
      `the deliveries' statuses. ${CHANGE_RULE}`,
    request: {
      path: webhookPathSchema,
      body: replayWebhookBodySchema,
      bodyRequired: true,
      examples: { failed: { summary: 'The failed deliveries of two days', value: { since: '2026-11-23', until: '2026-11-24' } } },
    },
    success: { status: 202, description: 'How many were queued and skipped.', body: replayResultSchema, examples: { queued: { summary: 'Queued', value: { queued: 412, skipped: 3 } } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: false,
  },
  {
    operationId: 'testWebhook',
    method: 'POST',
    path: '/webhooks/{webhook_id}/test',
    tag: 'Webhooks',
    summary: 'Send a test event',
    description:
      'Sends one signed event now, `{"type": "webhook.test", "timestamp", "data": <an example Signal record>}`, under a ' +
      '`webhook-id` of `test_<uuid>`, with the same address checks and timeout as a delivery; not retried, not recorded. ' +
      'Answers whether a 2xx came, the status, the first 16 KiB of the response body, and why no acceptable answer came. ' +
      `No body, or \`{}\`. ${CHANGE_RULE}`,
    request: { path: webhookPathSchema, body: emptyBodySchema, bodyRequired: false },
    success: { status: 200, description: 'The receiver\'s answer.', body: webhookTestResultSchema, examples: { delivered: { summary: 'Delivered', value: testResult } } },
    errors: ['NOT_FOUND'],
    safeToRepeat: false,
  },
];
