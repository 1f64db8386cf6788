import { Router, type Request, type Response } from 'express';
import { SERVICE_CATALOGUE, type Upstream } from '@radar/contracts';
import type { UpstreamCall } from '../clients/upstream';
import type { GatewayDeps } from '../use-cases/deps';

/** Operator routes another service owns (the catalogue's `operatorPrefixes`): path prefix under /operator/v1 -> that service. */
const OPERATOR_PASSTHROUGH: { prefix: string; upstream: Upstream; timeoutMs: number }[] = SERVICE_CATALOGUE.flatMap((service) =>
  service.operatorPrefixes.map((route) => ({ ...route, upstream: service.name })),
);

/** Response headers of the owning service that the operator's client reads. */
const PASSED_BACK_HEADERS = ['location', 'preference-applied'];

/**
 * Hands operator calls for data that another service owns to that service's own operator
 * interface, and its answer back as it is.
 */
export function operatorPassthroughRoutes(deps: Pick<GatewayDeps, 'operatorInterface'>): Router {
  const router = Router();
  for (const route of OPERATOR_PASSTHROUGH) {
    router.use(route.prefix, async (req: Request, res: Response) => {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const prefer = req.get('prefer');
      const answer = await deps.operatorInterface.call(route.upstream, {
        method: req.method as UpstreamCall['method'],
        path: `${route.prefix}${req.url === '/' ? '' : req.url}`,
        requestId: req.requestId,
        headers: {
          'content-type': 'application/json',
          // `radar` asks long work to answer at once with a job (RFC 7240).
          ...(prefer ? { prefer } : {}),
        },
        body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
        timeoutMs: route.timeoutMs,
      });
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
