import { Router } from 'express';
import { metricsRegistry } from './registry';

/** `GET /metrics` in Prometheus' text format. Mounted on internal ports only (see startService). */
export function metricsRoutes(): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    const body = await metricsRegistry.metrics();
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.end(body);
  });
  return router;
}
