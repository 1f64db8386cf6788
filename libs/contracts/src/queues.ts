import { z } from 'zod';

/**
 * Every RabbitMQ work queue of the system: name -> message schema. A name is part of the
 * broker's durable topology (the work queue, its delay queues and its dead-letter queue are
 * named after it) and of the messages already waiting there: do not rename without a
 * migration plan. Schemas are not strict, so a producer may add a field before its consumers
 * know it; the attempt number is not part of a message (it travels in a header and reaches
 * the handler beside the message), because a retry re-sends the message unchanged.
 */
const DELIVERY_QUEUES = {
  /** One webhook delivery to attempt; webhook-dispatch keeps the delivery's record. */
  'delivery.webhook': z.object({ deliveryId: z.uuid() }),
  /**
   * One extra attempt of a webhook delivery, asked for through the API (redeliver, replay): sent
   * once, not retried when the receiver fails.
   */
  'delivery.webhook_redelivery': z.object({ deliveryId: z.uuid() }),
  /** The email digest of one monitor run to send; webhook-dispatch keeps the run's gathered signals. */
  'delivery.email_digest': z.object({ runId: z.uuid() }),
  /** The team-chat message of one monitor run to post to the run's connection. */
  'delivery.team_chat': z.object({ runId: z.uuid() }),
} as const;

/**
 * The retry schedule of `delivery.webhook_redelivery`: a redelivery is sent once whatever the
 * receiver answers; its job is retried only when recording it failed (the database out of reach).
 */
export const REDELIVERY_RETRY_DELAYS_MS = [1_000, 10_000, 60_000] as const;

export const QUEUES = {
  ...DELIVERY_QUEUES,
} as const;

export type QueueName = keyof typeof QUEUES;
export type QueueMessage<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]>;
