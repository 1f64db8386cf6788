import { Router, type NextFunction, type Request, type Response } from 'express';
import { ERROR_STATUS, SERVICE_CATALOGUE } from '@radar/contracts';
import { isAppError } from '@radar/platform/errors';
import { authenticateToken } from '../use-cases/authenticate-token';
import type { GatewayDeps } from '../use-cases/deps';
import { answerUpstreamUnavailable } from './upstream-unavailable';

/**
 * The catalogue's public paths outside /api/v1 (the MCP server's /mcp): the caller is
 * authenticated as for the API (a refusal is the API's 401, with `WWW-Authenticate: Bearer`),
 * then the request goes to the service with the caller's bearer token, which it uses to call the
 * API as the caller. No rate-limit bucket here: what such a service calls in the API counts in the
 * buckets of the endpoints it calls.
 */
export function publicPathRoutes(deps: Pick<GatewayDeps, 'pool' | 'tokenCache' | 'now' | 'upstream'>): Router {
  const router = Router();
  for (const service of SERVICE_CATALOGUE) {
    for (const path of service.publicPaths) {
      router.all(path, async (req: Request, res: Response, next: NextFunction) => {
        try {
          const caller = await authenticateToken(deps, req.headers.authorization);
          await deps.upstream.forward(req, res, service.name, caller, {}, { passAuthorization: true });
        } catch (error) {
          if (isAppError(error) && ERROR_STATUS[error.code] === 401) res.setHeader('WWW-Authenticate', 'Bearer');
          next(error);
        }
      });
    }
  }
  router.use(answerUpstreamUnavailable());
  return router;
}
