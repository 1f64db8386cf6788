import type { Caller, PublicRoute } from '@radar/contracts';
import type { RateLimitDecision } from '../clients/rate-limiter';
import { UpstreamUnavailable } from '../clients/upstream';
import { authenticateToken } from './authenticate-token';
import { authorizeRoute } from './authorize-route';
import type { GatewayDeps } from './deps';

/** The caller a request proved, and how its bucket counted it; `rateLimit.allowed` false means 429. */
export interface Admission {
  caller: Caller;
  rateLimit: RateLimitDecision;
}

/**
 * Whether a public request may go on to its service, in this order: authenticate (401),
 * authorize (403), the service deployed here (503), then count it against its bucket. Only
 * requests that got that far count: a refused one costs its caller nothing.
 */
export async function admitApiRequest(
  deps: Pick<GatewayDeps, 'pool' | 'tokenCache' | 'now' | 'rateLimiter' | 'upstream'>,
  input: { authorization: string | undefined; route: PublicRoute },
): Promise<Admission> {
  const { route } = input;
  const caller = await authorizeRoute(deps, await authenticateToken(deps, input.authorization), route);
  if (!deps.upstream.isConfigured(route.upstream)) throw new UpstreamUnavailable(route.upstream);
  return { caller, rateLimit: await deps.rateLimiter.consume(route.bucket, caller.tokenId) };
}
