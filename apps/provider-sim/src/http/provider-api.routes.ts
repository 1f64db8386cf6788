import { Router, type Response } from 'express';
import { z } from 'zod';
import { calendarDay, signalTypeSchema, textField, type ProviderFailureMode } from '@radar/contracts';
import { parseInput, parsePath, sendError } from '@radar/platform/http';
import type { ProviderSimDeps } from '../use-cases/deps';
import { getCompanyItems } from '../use-cases/get-company-items';
import { requireApiKey } from './api-key';

export interface ProviderApiDeps extends Pick<ProviderSimDeps, 'dataset' | 'failures'> {
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

/** What the caller reads when an injected failure meets its request (a timeout's after the hold). */
const INJECTED_FAILURE_MESSAGES: Record<ProviderFailureMode, string> = {
  error: 'The provider failed (injected)',
  timeout: 'The provider timed out (injected)',
};

/** The provider's API: GET /v1/companies/{domain}/{signal_type}?as_of=YYYY-MM-DD (libs/contracts/src/provider.ts). */
export function providerApiRoutes(deps: ProviderApiDeps): Router {
  const router = Router();
  router.use('/v1', requireApiKey(deps.apiKey));
  router.get('/v1/companies/:domain/:signal_type', async (req, res) => {
    const path = parsePath(pathSchema, req.params);
    const { as_of: asOf } = parseInput(querySchema, req.query, 'query');
    const answer = getCompanyItems(deps, { domain: path.domain, signalType: path.signal_type, asOf });
    if ('items' in answer) {
      res.json(answer.items);
      return;
    }
    if (answer.injectedFailure === 'timeout') {
      req.log.info({ domain: path.domain, signalType: path.signal_type }, 'holding the response (injected timeout)');
      await holdResponse(res, deps.timeoutHoldMs);
      if (res.writableEnded || res.destroyed) return;
    }
    sendError(res, 'SERVICE_UNAVAILABLE', INJECTED_FAILURE_MESSAGES[answer.injectedFailure]);
  });
  return router;
}
