import { Router, type NextFunction, type Request, type Response } from 'express';
import { PUBLIC_ROUTES, type PublicRoute } from '@radar/contracts';
import { refuseDeclaredBody, sendError } from '@radar/platform/http';
import { admitApiRequest } from '../use-cases/admit-api-request';
import type { GatewayDeps } from '../use-cases/deps';
import { rateLimitHeaders } from './rate-limit-headers';
import { answerUpstreamUnavailable } from './upstream-unavailable';

export type ApiRouteDeps = Pick<GatewayDeps, 'pool' | 'tokenCache' | 'now' | 'rateLimiter' | 'upstream'>;

/**
 * /api/v1: for each public endpoint, in order: admit the request (authenticate, authorize,
 * count against the bucket: 429 when over), refuse a body its headers prove wrong, then
 * forward to the owning service.
 */
export function apiRoutes(deps: ApiRouteDeps): Router {
  const router = Router();
  for (const route of PUBLIC_ROUTES) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    router[method](route.path, handle(deps, route));
  }
  const api = Router();
  api.use('/api/v1', router, answerUpstreamUnavailable());
  return api;
}

function handle(deps: ApiRouteDeps, route: PublicRoute) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { caller, rateLimit } = await admitApiRequest(deps, { authorization: req.headers.authorization, route });
      const headers = rateLimitHeaders(rateLimit);
      if (!rateLimit.allowed) {
        res.set(headers).set('Retry-After', String(rateLimit.secondsToReset));
        sendError(res, 'RATE_LIMITED', `Rate limit of ${rateLimit.limit} requests per minute exceeded for ${route.bucket}`, {
          bucket: route.bucket,
          limit: rateLimit.limit,
          retry_after: rateLimit.secondsToReset,
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
