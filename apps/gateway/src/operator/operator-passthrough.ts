import { Router, type Request, type Response } from 'express';
import { sendError } from '@radar/platform/http';
import type { Upstream } from '../http/public-routes';

/** Operator routes another service owns: path prefix under /operator/v1 -> that service. */
export const OPERATOR_PASSTHROUGH: { prefix: string; upstream: Upstream; timeoutMs: number }[] = [
  { prefix: '/lists', upstream: 'search', timeoutMs: 30_000 },
  // Loading a large dataset takes minutes; the CLI waits for it.
  { prefix: '/dataset', upstream: 'search', timeoutMs: 60 * 60_000 },
];

/**
 * Hands operator calls for data that another service owns to that service's own operator
 * interface (same secret), so the CLI keeps one address and never touches another service's tables.
 */
export function operatorPassthrough(upstreams: Partial<Record<Upstream, string>>, operatorSecret: string): Router {
  const router = Router();
  for (const route of OPERATOR_PASSTHROUGH) {
    router.use(route.prefix, async (req: Request, res: Response) => {
      const base = upstreams[route.upstream];
      if (!base) {
        sendError(res, 'SERVICE_UNAVAILABLE', `The ${route.upstream} service is not available yet`);
        return;
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      let answer: globalThis.Response;
      try {
        answer = await fetch(`${base.replace(/\/$/, '')}/operator/v1${route.prefix}${req.url === '/' ? '' : req.url}`, {
          method: req.method,
          headers: {
            authorization: `Bearer ${operatorSecret}`,
            'content-type': 'application/json',
            'x-request-id': req.requestId,
          },
          body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
          signal: AbortSignal.timeout(route.timeoutMs),
        });
      } catch (error) {
        req.log.warn({ err: error, upstream: route.upstream }, 'operator passthrough failed');
        sendError(res, 'SERVICE_UNAVAILABLE', `The ${route.upstream} service is unavailable`, { request_id: req.requestId });
        return;
      }
      res.status(answer.status).type(answer.headers.get('content-type') ?? 'application/json').send(Buffer.from(await answer.arrayBuffer()));
    });
  }
  return router;
}
