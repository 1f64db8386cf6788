import { z } from 'zod';
import { env } from '@radar/platform/config';

/** A whole number from the environment; a blank value is refused rather than read as 0. */
const wholeNumber = (fallback: number) => z.string().regex(/^\d+$/, 'must be a whole number').default(String(fallback)).transform(Number);

/** signal-ingest's own variables; ports, database and NATS come from the platform and the service catalogue. */
export const signalIngestConfig = z.object({
  /** Verifies the gateway's caller identity on the public routes. */
  INTERNAL_SIGNING_SECRET: env.secret(),
  /** The upstream signal provider; `npm start` and the e2e stack point it at the local provider-sim. */
  PROVIDER_URL: env.url(),
  PROVIDER_API_KEY: z.string().min(1),
  /** One provider attempt, answer included. */
  PROVIDER_TIMEOUT_MS: wholeNumber(10_000).pipe(z.number().int().positive()),
  /** Attempts per check, the first included; retried on timeouts, network errors, 429 and 5xx. */
  PROVIDER_MAX_ATTEMPTS: wholeNumber(3).pipe(z.number().int().min(1).max(10)),
  /** The first back-off; it doubles per attempt, with jitter. */
  PROVIDER_RETRY_BASE_MS: wholeNumber(500).pipe(z.number().int().min(0)),
  /** No back-off is longer, whatever Retry-After asks. */
  PROVIDER_RETRY_MAX_MS: wholeNumber(5_000).pipe(z.number().int().min(0)),
  /** Checks one replica works on at once; their answers are recorded together, so more at once means fewer transactions. */
  CHECK_CONCURRENCY: wholeNumber(256).pipe(z.number().int().min(1).max(1024)),
  /** Whether this deployment keeps the leads feed (reads the provider's followed companies feed at start and daily). */
  LEADS_FEED_ENABLED: env.boolean(true),
  /** How often each replica checks whether the feed is due for a reading or the retention for a run. */
  LEADS_REFRESH_INTERVAL_MS: wholeNumber(15 * 60_000).pipe(z.number().int().min(1_000)),
  /** Followed companies per page of the provider's feed. */
  LEADS_FEED_PAGE_SIZE: wholeNumber(200).pipe(z.number().int().min(1).max(500)),
  /** Days before the last complete reading that the next one asks for again. */
  LEADS_FEED_OVERLAP_DAYS: wholeNumber(7).pipe(z.number().int().min(0).max(364)),
});

export type SignalIngestConfig = z.infer<typeof signalIngestConfig>;
