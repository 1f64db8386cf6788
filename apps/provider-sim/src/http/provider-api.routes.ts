import { Router, type Response } from 'express';
import { z } from 'zod';
import { calendarDay, signalTypeSchema, textField, type ProviderResponse } from '@radar/contracts';
import { parseInput, parsePath, sendError } from '@radar/platform/http';
import type { FailureInjector } from '../failures/failure-injector';
import { companyItemsAsOf, type DatasetView } from '../timeline/provider-timeline';
import { requireApiKey } from './api-key';

export interface ProviderApiDeps {
  dataset: DatasetView;
  failures: FailureInjector;
  apiKey: string;
  timeoutHoldMs: number;
}

const pathSchema = z.object({ domain: textField().min(1).max(253), signal_type: signalTypeSchema });
const querySchema = z.object({ as_of: calendarDay() });

/** Keeps the caller waiting, as a provider that stopped answering would; ends early when the caller gives up. */
function holdResponse(res: Response, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The provider's API: GET /v1/companies/{domain}/{signal_type}?as_of=YYYY-MM-DD (libs/contracts/src/provider.ts). */
export function providerApiRoutes(deps: ProviderApiDeps): Router {
  const router = Router();
  router.use('/v1', requireApiKey(deps.apiKey));
  router.get('/v1/companies/:domain/:signal_type', async (req, res) => {
    const path = parsePath(pathSchema, req.params);
    const { as_of: asOf } = parseInput(querySchema, req.query, 'query');
    const domain = path.domain.toLowerCase();
    const failure = deps.failures.take(domain, path.signal_type);
    if (failure === 'timeout') {
      req.log.info({ domain, signalType: path.signal_type }, 'holding the response (injected timeout)');
      await holdResponse(res, deps.timeoutHoldMs);
      if (!res.writableEnded && !res.destroyed) sendError(res, 'SERVICE_UNAVAILABLE', 'The provider timed out (injected)');
      return;
    }
    if (failure === 'error') {
      sendError(res, 'SERVICE_UNAVAILABLE', 'The provider failed (injected)');
      return;
    }
    const items = companyItemsAsOf(deps.dataset, domain, path.signal_type, asOf);
    const body: ProviderResponse = { data: items, meta: { domain, signal_type: path.signal_type, as_of: asOf, count: items.length } };
    res.json(body);
  });
  return router;
}
