import { z } from 'zod';
import { signalTypeSchema } from './monitoring';

/**
 * Failure injection of the local provider stand-in (provider-sim), on its operator interface
 * under OPERATOR_PREFIX, reached through the gateway's operator passthrough (`radar provider ...`).
 */
export const PROVIDER_OPERATOR_ROUTES = {
  injectFailure: { method: 'POST', path: '/provider/failures' },
  clearFailures: { method: 'POST', path: '/provider/failures/clear' },
} as const;

/** `error` answers 503; `timeout` holds the response longer than any caller waits. */
export const PROVIDER_FAILURE_MODES = ['error', 'timeout'] as const;
export const providerFailureModeSchema = z.enum(PROVIDER_FAILURE_MODES);
export type ProviderFailureMode = z.infer<typeof providerFailureModeSchema>;

/** A company's domain as the provider is asked for it (lower-cased). */
const providerDomain = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a domain such as acme.com')
    .transform((domain) => domain.toLowerCase());

export const injectProviderFailureBodySchema = z.strictObject({
  domain: providerDomain(),
  /** Only this signal type of the domain; every type when absent. */
  signal_type: signalTypeSchema.optional(),
  /** Fail the next `times` requests, then recover; until cleared when absent. */
  times: z.number().int().min(1).max(1_000_000).optional(),
  mode: providerFailureModeSchema.default('error'),
});
export type InjectProviderFailureBody = z.infer<typeof injectProviderFailureBodySchema>;

export const clearProviderFailuresBodySchema = z.strictObject({
  /** Only this domain's failures; all of them when absent. */
  domain: providerDomain().optional(),
});

export const providerOperatorResultSchema = z.object({ ok: z.literal(true) });
