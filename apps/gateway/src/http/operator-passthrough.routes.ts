import { Router, type Request, type Response } from 'express';
import { OPERATOR_PREFIX, SERVICE_CATALOGUE } from '@radar/contracts';
import { sendUpstreamUnavailable, type UpstreamCall, type UpstreamClient } from '../clients/upstream';
import type { Upstream } from '../http/public-routes';

/** Operator routes another service owns (the catalogue's `operatorPrefixes`): path prefix under /operator/v1 -> that service. */
export const OPERATOR_PASSTHROUGH: { prefix: string; upstream: Upstream; timeoutMs: number }[] = SERVICE_CATALOGUE.flatMap((service) =>
  service.operatorPrefixes.map((route) => ({ ...route, upstream: service.name })),
);

/** Response headers of the owning service that the operator's client reads. */
const PASSED_BACK_HEADERS = ['location', 'preference-applied'];

/**
 * Hands operator calls for data that another service owns to that service's own operator
 * interface (same secret), so the CLI keeps one address and never touches another service's tables.
 */
export function operatorPassthrough(upstream: UpstreamClient, operatorSecret: string): Router {
  const router = Router();
  for (const route of OPERATOR_PASSTHROUGH) {
    router.use(route.prefix, async (req: Request, res: Response) => {
      if (!upstream.isConfigured(route.upstream)) {
        sendUpstreamUnavailable(req, res, route.upstream);
        return;
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      let answer: Awaited<ReturnType<UpstreamClient['call']>>;
      try {
        answer = await upstream.call(route.upstream, {
          method: req.method as UpstreamCall['method'],
          path: `${OPERATOR_PREFIX}${route.prefix}${req.url === '/' ? '' : req.url}`,
          headers: {
            authorization: `Bearer ${operatorSecret}`,
            'content-type': 'application/json',
            'x-request-id': req.requestId,
            // `radar` asks long work to answer at once with a job (RFC 7240).
            ...(req.get('prefer') ? { prefer: req.get('prefer')! } : {}),
          },
          body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
          timeoutMs: route.timeoutMs,
        });
      } catch (error) {
        sendUpstreamUnavailable(req, res, route.upstream, error);
        return;
      }
      for (const header of PASSED_BACK_HEADERS) {
        const value = answer.headers[header];
        if (value) res.set(header, value);
      }
      const contentType = answer.headers['content-type'];
      res.status(answer.status).type(typeof contentType === 'string' ? contentType : 'application/json').send(answer.body);
    });
  }
  return router;
}
