import { Router, type NextFunction, type Request, type Response } from 'express';
import { refuseDeclaredBody, sendError } from '@radar/platform/http';
import { sendUpstreamUnavailable, type UpstreamClient } from '../clients/upstream';
import { RateLimiter, rateLimitHeaders } from '../rate-limit/rate-limiter';
import { authenticateToken } from '../use-cases/authenticate-token';
import { authorizeRoute } from '../use-cases/authorize-route';
import type { GatewayDeps } from '../use-cases/deps';
import { PUBLIC_ROUTES, type PublicRoute } from './public-routes';

export interface ApiRouteDeps extends Pick<GatewayDeps, 'identity' | 'tokenCache' | 'now'> {
  rateLimiter: RateLimiter;
  upstream: UpstreamClient;
}

/**
 * /api/v1: for each public endpoint, in order: authenticate, authorize (scope, role),
 * count against the bucket (429 when over), refuse a body its headers prove wrong, then
 * forward to the owning service.
 */
export function apiRoutes(deps: ApiRouteDeps): Router {
  const router = Router();
  for (const route of PUBLIC_ROUTES) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    router[method](route.path, handle(deps, route));
  }
  const api = Router();
  api.use('/api/v1', router);
  return api;
}

function handle(deps: ApiRouteDeps, route: PublicRoute) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const caller = await authorizeRoute(deps, await authenticateToken(deps, req.headers.authorization), route);
      if (!deps.upstream.isConfigured(route.upstream)) {
        sendUpstreamUnavailable(req, res, route.upstream);
        return;
      }
      const decision = await deps.rateLimiter.consume(route.bucket, caller.tokenId);
      const headers = rateLimitHeaders(decision);
      if (!decision.allowed) {
        res.set(headers).set('Retry-After', String(decision.secondsToReset));
        sendError(res, 'RATE_LIMITED', `Rate limit of ${decision.limit} requests per minute exceeded for ${route.bucket}`, {
          bucket: route.bucket,
          limit: decision.limit,
          retry_after: decision.secondsToReset,
        });
        return;
      }
      // Bodies stream through unread and the service parses them; what the headers alone prove
      // wrong (a non-empty body that is not JSON: 415, a declared length over the limit: 413) gets
      // the service's answer here, before a byte of it travels on. A chunked body, whose
      // emptiness the headers do not tell, is left to the service.
      const refusal = refuseDeclaredBody(req);
      if (refusal) throw refusal;
      await deps.upstream.forward(req, res, route.upstream, caller, headers);
    } catch (error) {
      next(error);
    }
  };
}
