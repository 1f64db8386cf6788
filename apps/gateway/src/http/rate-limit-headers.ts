import type { RateLimitDecision } from '../clients/rate-limiter';
import { WINDOW_SECONDS } from '../domain/rate-limit-window';

/** X-RateLimit-* and the IETF RateLimit-Policy / RateLimit fields, for successes and 429s. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetAt),
    'RateLimit-Policy': `"${decision.bucket}";q=${decision.limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"${decision.bucket}";r=${decision.remaining};t=${decision.secondsToReset}`,
  };
}
