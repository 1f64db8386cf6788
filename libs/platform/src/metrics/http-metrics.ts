import type { NextFunction, Request, Response } from 'express';
import { histogram } from './registry';

/** Probes and scrapes are polled constantly and say nothing about the service's work. */
const UNMEASURED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Requests that matched no route share one label, so scanners probing random paths cannot multiply the series. */
export const UNMATCHED_ROUTE = 'unmatched';

const requestDuration = histogram({
  name: 'radar_http_request_duration_seconds',
  help: 'HTTP requests served, by method, matched route pattern and status: the count is the request rate, the buckets the latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/**
 * Remembers the route pattern when Express matches one. Express sets `req.route` as it enters
 * the route, while `req.baseUrl` still holds the mount path of the router (`/api/v1` for
 * `/exports/:export_id`); by the time the response finishes, an error passed on with `next`
 * has already restored `baseUrl`, so both are read at that moment.
 */
function rememberMatchedRoute(req: Request): () => string | undefined {
  let matched: string | undefined;
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: { path?: unknown } | undefined) => {
      route = value;
      if (value && typeof value.path === 'string') matched = `${req.baseUrl}${value.path}`;
    },
  });
  return () => matched;
}

/**
 * Records every request in `radar_http_request_duration_seconds` once its response is finished,
 * labelled with the Express route pattern it matched (`/exports/:export_id`, never the raw URL:
 * ids would make a series per request). A router mounted with `use` and no route of its own
 * (a pass-through) is labelled with its mount path and `/*`.
 */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (UNMEASURED_PATHS.has(req.path)) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    const matchedRoute = rememberMatchedRoute(req);
    res.once('finish', () => {
      // A pass-through answers inside its mount without calling next, so baseUrl is still its mount path.
      const route = matchedRoute() ?? (req.baseUrl ? `${req.baseUrl}/*` : UNMATCHED_ROUTE);
      requestDuration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
