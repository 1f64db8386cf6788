import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import type { ServiceStatus } from '@radar/contracts';
import { httpMetrics, metricsRoutes } from '../metrics';
import { serverSpans } from '../telemetry/incoming-http';
import { requestContext } from './request-context';
import { errorHandler, sendError } from './error-handler';
import { jsonBodies, JSON_BODY_LIMIT_BYTES } from './json-body';
import { failingChecks, type ReadinessChecks } from './readiness';

export interface ServiceAppOptions {
  logger: Logger;
  /** Named readiness checks; each throws when its dependency is not usable. */
  readiness?: ReadinessChecks;
  /** What `GET /statusz` answers: readiness, version, data version, infrastructure, queues (`radar status`). */
  status?: () => Promise<ServiceStatus>;
  /** Mounted after the common middleware, before the not-found and error handlers. */
  routes: Router | Router[];
  /** The largest JSON body read; larger ones are 413. */
  jsonLimitBytes?: number;
  /** False for a proxy that streams bodies through unread (and checks their headers itself). */
  parseJsonBodies?: boolean;
  /**
   * Serves `GET /metrics` (the process's Prometheus metrics). Only on ports the internet cannot
   * reach: never on the gateway's public port. Requests are measured on every port either way.
   */
  serveMetrics?: boolean;
}

/**
 * The Express app every service builds on: request id, request metrics, JSON bodies, health and status endpoints, the
 * error envelope for every failure (malformed JSON, bodies of another media type, undecodable
 * paths and unknown routes included).
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(serverSpans());
  app.use(requestContext(options.logger));
  app.use(httpMetrics());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (req, res) => {
    const failures = await failingChecks(options.readiness ?? {});
    for (const failure of failures) req.log.warn({ err: failure.error, check: failure.name }, 'readiness check failed');
    if (failures.length > 0) {
      const failing = failures.map((failure) => failure.name);
      sendError(res, 'SERVICE_UNAVAILABLE', `Not ready: ${failing.join(', ')}`, { failing });
      return;
    }
    res.json({ status: 'ready' });
  });
  if (options.status) {
    const status = options.status;
    app.get('/statusz', async (_req, res) => {
      res.json(await status());
    });
  }

  if (options.serveMetrics) app.use(metricsRoutes());

  if (options.parseJsonBodies !== false) app.use(jsonBodies(options.jsonLimitBytes ?? JSON_BODY_LIMIT_BYTES));
  for (const router of Array.isArray(options.routes) ? options.routes : [options.routes]) app.use(router);

  app.use((req, res) => {
    sendError(res, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
  });
  app.use(errorHandler());
  return app;
}
