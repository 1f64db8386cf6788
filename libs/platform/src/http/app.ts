import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import { requestContext } from './request-context';
import { errorHandler, sendError } from './error-handler';

export interface ServiceAppOptions {
  logger: Logger;
  /** Named readiness checks; each throws when its dependency is not usable. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Mounted after the common middleware, before the not-found and error handlers. */
  routes: Router | Router[];
  jsonLimit?: string;
  /** False for a proxy that streams bodies through unread. */
  parseJsonBodies?: boolean;
}

/**
 * The Express app every service builds on: request id, JSON bodies, health endpoints, the
 * error envelope for every failure (malformed JSON and unknown routes included).
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(requestContext(options.logger));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (req, res) => {
    const failing: string[] = [];
    await Promise.all(
      Object.entries(options.readiness ?? {}).map(async ([name, check]) => {
        try {
          await check();
        } catch (error) {
          req.log.warn({ err: error, check: name }, 'readiness check failed');
          failing.push(name);
        }
      }),
    );
    if (failing.length > 0) {
      sendError(res, 'SERVICE_UNAVAILABLE', `Not ready: ${failing.sort().join(', ')}`, { failing });
      return;
    }
    res.json({ status: 'ready' });
  });

  if (options.parseJsonBodies !== false) app.use(express.json({ limit: options.jsonLimit ?? '1mb' }));
  for (const router of Array.isArray(options.routes) ? options.routes : [options.routes]) app.use(router);

  app.use((req, res) => {
    sendError(res, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
  });
  app.use(errorHandler());
  return app;
}
