import { z } from 'zod';
import { DATASET_DEFAULT_COMPANIES, DATASET_DEFAULT_SEED } from '@radar/contracts';
import { env } from '@radar/platform/config';

/** A whole number from the environment; a blank value is refused rather than read as 0. */
const wholeNumber = (fallback: number) => z.string().regex(/^\d+$/, 'must be a whole number').default(String(fallback)).transform(Number);

/**
 * The provider stand-in's own variables. DATASET_SEED and DATASET_COMPANIES must name the
 * dataset search loaded (`npm start` loads the defaults of `radar dataset load`), so that the
 * domains it knows and the companies its events name are the ones search serves.
 */
export const providerSimConfig = z.object({
  OPERATOR_SECRET: env.secret(),
  /** The key callers send as X-Api-Key, as they would to the real provider. */
  PROVIDER_API_KEY: z.string().min(1),
  DATASET_SEED: wholeNumber(DATASET_DEFAULT_SEED).pipe(z.number().int().max(2_147_483_647)),
  DATASET_COMPANIES: wholeNumber(DATASET_DEFAULT_COMPANIES).pipe(z.number().int().min(1).max(13_000_000)),
  /** How long an injected timeout holds the response: longer than signal-ingest's PROVIDER_TIMEOUT_MS. */
  PROVIDER_SIM_TIMEOUT_HOLD_MS: wholeNumber(30_000).pipe(z.number().int().positive()),
});

export type ProviderSimConfig = z.infer<typeof providerSimConfig>;
