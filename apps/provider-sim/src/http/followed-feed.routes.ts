import { Router } from 'express';
import { z } from 'zod';
import { calendarDay, PROVIDER_FOLLOWED_MAX_LIMIT, PROVIDER_FOLLOWED_PATH, queryInteger } from '@radar/contracts';
import { parseInput } from '@radar/platform/http';
import type { ProviderSimDeps } from '../use-cases/deps';
import { listFollowedCompanies } from '../use-cases/list-followed-companies';
import { requireApiKey } from './api-key';

const querySchema = z
  .object({
    as_of: calendarDay(),
    since: calendarDay(),
    offset: queryInteger({ min: 0 }).default(0),
    limit: queryInteger({ min: 1, max: PROVIDER_FOLLOWED_MAX_LIMIT }).default(100),
  })
  .refine((query) => query.since <= query.as_of, { message: 'must not be after as_of', path: ['since'] });

/** The followed companies' feed: GET /v1/followed-companies (libs/contracts/src/provider.ts). */
export function followedFeedRoutes(deps: Pick<ProviderSimDeps, 'followed'> & { apiKey: string }): Router {
  const router = Router();
  router.get(PROVIDER_FOLLOWED_PATH, requireApiKey(deps.apiKey), (req, res) => {
    const query = parseInput(querySchema, req.query, 'query');
    res.json(listFollowedCompanies(deps, { asOf: query.as_of, since: query.since, offset: query.offset, limit: query.limit }));
  });
  return router;
}
