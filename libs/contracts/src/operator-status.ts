import { z } from 'zod';

/** The infrastructure Radar runs on, as `radar status` names it. */
export const INFRASTRUCTURE = {
  postgresql: 'PostgreSQL',
  nats: 'NATS',
  redis: 'Redis',
  rabbitmq: 'RabbitMQ',
  object_storage: 'Object storage',
} as const;
export type InfrastructureName = keyof typeof INFRASTRUCTURE;
export const infrastructureNameSchema = z.enum(Object.keys(INFRASTRUCTURE) as [InfrastructureName, ...InfrastructureName[]]);

/** A dataset as `radar status` names it (search's data version, and the one provider-sim serves): they must match. */
export const datasetVersionLabel = (seed: number, companies: number): string => `seed ${seed}, ${companies} companies`;

/** Messages of one RabbitMQ queue a service consumes (work, delay and dead-letter queues alike). */
export const queueDepthSchema = z.object({
  queue: z.string(),
  /** Waiting to be delivered. */
  messages: z.number().int().min(0),
  consumers: z.number().int().min(0),
});
export type QueueDepth = z.infer<typeof queueDepthSchema>;

export const infrastructureCheckSchema = z.object({ up: z.boolean(), error: z.string().nullable() });

/**
 * What one service says about itself on `GET /statusz` (its main port, next to /readyz): its
 * readiness, version, the version of the data it serves, the infrastructure it reaches and the
 * queues it consumes.
 */
export const serviceStatusSchema = z.object({
  service: z.string(),
  version: z.string(),
  ready: z.boolean(),
  /** Readiness checks that failed (as /readyz names them). */
  failing: z.array(z.string()),
  /** search: the dataset it holds (`seed 1, 100000 companies`); null where a service has none. */
  data_version: z.string().nullable(),
  infrastructure: z.partialRecord(infrastructureNameSchema, infrastructureCheckSchema),
  queues: z.array(queueDepthSchema),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/**
 * `down`: /statusz did not answer; `not_configured`: the gateway has no URL for it (a local-only
 * service in production, say), which is not a failure.
 */
export const SERVICE_STATES = ['ready', 'not_ready', 'down', 'not_configured'] as const;
export const serviceStateSchema = z.enum(SERVICE_STATES);

/** `unknown`: no service that uses it answered, so nobody could look. */
export const INFRASTRUCTURE_STATES = ['up', 'down', 'unknown'] as const;

/** The stack as the gateway sees it (`GET /operator/v1/status`, `radar status`). */
export const stackStatusSchema = z.object({
  /** False when a configured service is not ready or down, or infrastructure is down. */
  ok: z.boolean(),
  checked_at: z.string(),
  services: z.array(
    z.object({
      name: z.string(),
      state: serviceStateSchema,
      version: z.string().nullable(),
      data_version: z.string().nullable(),
      failing: z.array(z.string()),
      error: z.string().nullable(),
    }),
  ),
  infrastructure: z.array(
    z.object({
      name: infrastructureNameSchema,
      state: z.enum(INFRASTRUCTURE_STATES),
      /** The services whose checks this is made of. */
      seen_by: z.array(z.string()),
      error: z.string().nullable(),
    }),
  ),
  /** JetStream: messages each durable consumer has not yet been given (`pending`) or not yet acknowledged. */
  streams: z.array(
    z.object({
      stream: z.string(),
      consumer: z.string(),
      pending: z.number().int().min(0),
      ack_pending: z.number().int().min(0),
    }),
  ),
  /** RabbitMQ: the depth of each queue, from the service that consumes it. */
  queues: z.array(queueDepthSchema.extend({ service: z.string() })),
});
export type StackStatus = z.infer<typeof stackStatusSchema>;

/** Under OPERATOR_PREFIX on the gateway's operator interface. */
export const OPERATOR_STATUS_ROUTES = {
  stackStatus: { method: 'GET', path: '/status' },
} as const;
