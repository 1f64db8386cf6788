import { z } from 'zod';
import { deliveryStatusSchema } from './monitoring';
import { calendarDay, queryInteger } from './request-fields';

/**
 * The public webhook endpoints (extensions.md, section 3), served by webhook-dispatch: the
 * workspace's webhooks, their delivery log, redelivery, replay and a test event. Webhooks are
 * still created in the web app (the operator interface). Query schemas ignore parameters they
 * do not name; bodies are strict.
 */

export const WEBHOOK_DELIVERIES_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;
/** A replay redelivers at most this many deliveries; more is 422 naming `until`. */
export const WEBHOOK_REPLAY_MAX_DELIVERIES = 10_000;
/** How long deliveries and their attempts are kept by default (WEBHOOK_DELIVERY_RETENTION_DAYS). */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** Why an attempt got no acceptable answer. */
export const DELIVERY_ERRORS = ['timeout', 'connection_error', 'tls_error', 'address_refused', 'non_2xx'] as const;
export const deliveryErrorSchema = z.enum(DELIVERY_ERRORS);
export type DeliveryError = z.infer<typeof deliveryErrorSchema>;

export const webhookSummarySchema = z.object({
  id: z.uuid(),
  url: z.string(),
  created_at: z.string(),
}).meta({ id: 'Webhook', description: 'A webhook of the workspace (its signing secret is never shown again after creation).' });
export type WebhookSummary = z.infer<typeof webhookSummarySchema>;

export const webhooksListSchema = z.object({ items: z.array(webhookSummarySchema), total: z.number().int() });
export type WebhooksList = z.infer<typeof webhooksListSchema>;

const sinceNotAfterUntil = (query: { since?: string; until?: string }) =>
  query.since === undefined || query.until === undefined || query.since <= query.until;
const SINCE_AFTER_UNTIL = { message: 'must not be after until', path: ['since'] };

export const listWebhookDeliveriesQuerySchema = z
  .object({
    status: deliveryStatusSchema.optional(),
    /** Created on or after this UTC day. */
    since: calendarDay().optional(),
    /** Created on or before this UTC day. */
    until: calendarDay().optional(),
    limit: queryInteger({ min: 1, max: WEBHOOK_DELIVERIES_PAGE.maxLimit }).default(WEBHOOK_DELIVERIES_PAGE.defaultLimit),
    offset: queryInteger({ min: 0 }).default(0),
  })
  .refine(sinceNotAfterUntil, SINCE_AFTER_UNTIL);
export type ListWebhookDeliveriesQuery = z.infer<typeof listWebhookDeliveriesQuerySchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid().meta({ description: 'The `webhook_delivery_id`: the `webhook-id` header of every attempt.' }),
  signal_id: z.uuid(),
  status: deliveryStatusSchema.meta({ description: '`pending` while an attempt is scheduled, queued or in flight; `delivered` once any attempt got a 2xx; else `failed`.' }),
  attempt_count: z.number().int().min(0),
  last_response_status: z.number().int().nullable(),
  last_error: deliveryErrorSchema.nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
}).meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;

export const deliveryAttemptSchema = z.object({
  number: z.number().int().min(1),
  started_at: z.string(),
  response_status: z.number().int().nullable(),
  latency_ms: z.number().int().min(0),
  error: deliveryErrorSchema.nullable(),
}).meta({ id: 'WebhookDeliveryAttempt' });
export type DeliveryAttemptView = z.infer<typeof deliveryAttemptSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({ attempts: z.array(deliveryAttemptSchema) }).meta({ id: 'WebhookDeliveryDetail' });
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const REPLAY_STATUSES = ['failed', 'delivered', 'all'] as const;

export const replayWebhookBodySchema = z
  .strictObject({
    /** Created on or after this UTC day. */
    since: calendarDay(),
    /** Created on or before this UTC day. */
    until: calendarDay(),
    /** `all` means both; a `pending` delivery is never replayed. */
    status: z.enum(REPLAY_STATUSES).default('failed'),
  })
  .refine(sinceNotAfterUntil, SINCE_AFTER_UNTIL);
export type ReplayWebhookBody = z.infer<typeof replayWebhookBodySchema>;

export const replayResultSchema = z.object({
  queued: z.number().int().min(0),
  skipped: z.number().int().min(0).meta({ description: 'Matching deliveries left out because an attempt of theirs was already queued or in flight.' }),
});
export type ReplayResult = z.infer<typeof replayResultSchema>;

