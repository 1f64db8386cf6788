import { Router, type Request, type Response } from 'express';
import { sendError } from '@radar/platform/http';
import { withClientSpan } from '@radar/platform/telemetry';
import { SERVICE_CATALOGUE } from '@radar/contracts';
import type { Upstream } from '../http/public-routes';

/** Operator routes another service owns (the catalogue's `operatorPrefixes`): path prefix under /operator/v1 -> that service. */
export const OPERATOR_PASSTHROUGH: { prefix: string; upstream: Upstream; timeoutMs: number }[] = SERVICE_CATALOGUE.flatMap((service) =>
  service.operatorPrefixes.map((route) => ({ ...route, upstream: service.name })),
);

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
        const target = `${base.replace(/\/$/, '')}/operator/v1${route.prefix}${req.url === '/' ? '' : req.url}`;
        answer = await withClientSpan(
          req.method,
          target,
          (traceHeaders) =>
            fetch(target, {
              method: req.method,
              headers: {
                authorization: `Bearer ${operatorSecret}`,
                'content-type': 'application/json',
                'x-request-id': req.requestId,
                // `radar` asks long work to answer at once with a job (RFC 7240).
                ...(req.get('prefer') ? { prefer: req.get('prefer') } : {}),
                ...traceHeaders,
              },
              body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
              signal: AbortSignal.timeout(route.timeoutMs),
            }),
          (upstreamAnswer) => upstreamAnswer.status,
        );
      } catch (error) {
        req.log.warn({ err: error, upstream: route.upstream }, 'operator passthrough failed');
        sendError(res, 'SERVICE_UNAVAILABLE', `The ${route.upstream} service is unavailable`, { request_id: req.requestId });
        return;
      }
      for (const header of ['location', 'preference-applied']) {
        const value = answer.headers.get(header);
        if (value) res.set(header, value);
      }
      res.status(answer.status).type(answer.headers.get('content-type') ?? 'application/json').send(Buffer.from(await answer.arrayBuffer()));
    });
  }
  return router;
}
