import { z } from 'zod';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@radar/contracts';
import { env } from '@radar/platform/config';
import { ALLOWABLE_ADDRESS_CLASSES } from './domain/endpoints/address-class';
import { encryptionKey } from './domain/secrets/encryption-key';

const commaSeparated = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    );

const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const count = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** decisions.md, "Delivery": the waits before the 2nd to 8th attempt (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** Comma-separated waits in milliseconds, e.g. `200,200,200` in tests. */
const retryDelays = () =>
  z
    .string()
    .default(DEFAULT_RETRY_DELAYS_MS.join(','))
    .transform((value) => value.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : Number.NaN)))
    .pipe(z.array(z.number('must be whole milliseconds, comma-separated').int().positive()).min(1, 'must list at least one wait'));

/** webhook-dispatch's own variables; ports, database and NATS come from the platform and the service catalogue. */
export const webhookDispatchConfig = z.object({
  OPERATOR_SECRET: env.secret(),
  /** Verifies the caller identity the gateway signs onto public /webhooks requests. */
  INTERNAL_SIGNING_SECRET: env.secret(),
  /** Seals webhook secrets and team-chat URLs at rest (AES-256-GCM): 32 random bytes, base64. Its own, shared with no service. */
  WEBHOOK_SECRET_KEY: encryptionKey(),
  /** Keys sealed with before a rotation, comma-separated: still opened, never used to seal. */
  WEBHOOK_SECRET_PREVIOUS_KEYS: commaSeparated().pipe(z.array(encryptionKey())),
  /** Production sends over https only; development and tests may allow plain http. */
  WEBHOOK_ALLOW_HTTP: env.boolean(false),
  /**
   * Address classes an endpoint may resolve to besides public ones, comma-separated
   * (`loopback`, `private`, `link_local`); empty in production (decisions.md, "Delivery").
   */
  WEBHOOK_ALLOWED_ADDRESS_CLASSES: commaSeparated().pipe(z.array(z.enum(ALLOWABLE_ADDRESS_CLASSES))),

  /** RabbitMQ, where delivery jobs wait (credentials included, so it comes from a secret in production). */
  AMQP_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// or amqps:// URL'),
  /** Prepended to every exchange and queue name; separate stacks on one broker (tests) set it. */
  AMQP_PREFIX: z.string().default(''),
  /** The SMTP server digests are sent through, e.g. `smtp://user:password@mail.example.com:587` or `smtps://...`. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
  /** The digest's sender. */
  DIGEST_FROM: z.string().min(3).default('Radar <signals@radar.localhost>'),
  /**
   * The mail domain of workspace owners' digest addresses, `owner.<workspace_id>@<domain>`
   * (docs/api.md, "Email digests": users have no email address of their own in this system).
   */
  DIGEST_RECIPIENT_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/, 'must be a mail domain')
    .default('radar.localhost'),

  /** Waits between attempts of a webhook, digest or team-chat delivery; tests shrink them. */
  DELIVERY_RETRY_DELAYS_MS: retryDelays(),
  /** Up to this fraction of each wait is taken off at random, so failures that happened together do not retry together. */
  DELIVERY_RETRY_JITTER: z.coerce.number().min(0).max(0.5).default(0.1),
  /** A receiver that has not answered within this long has failed the attempt (decisions.md: 15 s). */
  WEBHOOK_TIMEOUT_MS: milliseconds(15_000),
  /**
   * Webhook requests in flight per replica (RabbitMQ prefetch of the webhook queue). Deliveries per
   * second are at most this divided by an attempt's time (the POST and its shared read and record),
   * so it is sized for a thousand a second to receivers answering in several hundred milliseconds.
   */
  WEBHOOK_CONCURRENCY: count(1_024, 5_000),
  /**
   * `signal.delivered` events handled at once per replica. Their deliveries are written in shared
   * batches, so enough must be in hand at once to fill them.
   */
  SIGNAL_CONSUMER_CONCURRENCY: count(256, 2_000),
  /** Digests and team-chat messages sent at once per replica. */
  DIGEST_CONCURRENCY: count(4, 100),

  /** Replayed attempts per second per webhook, at most, so a receiver that just recovered is not flooded (extensions.md: 50). */
  WEBHOOK_REPLAY_RATE_PER_SECOND: count(50, 10_000),
  /** Deliveries and their attempts are kept this many days, then purged (the signals stay). */
  WEBHOOK_DELIVERY_RETENTION_DAYS: count(WEBHOOK_DELIVERY_RETENTION_DAYS, 3_650),
  /** How often a replica checks whether it holds the purge job, and runs it when it does. */
  WEBHOOK_DELIVERY_PURGE_INTERVAL_MS: milliseconds(3_600_000),
});

export type WebhookDispatchConfig = z.infer<typeof webhookDispatchConfig>;
