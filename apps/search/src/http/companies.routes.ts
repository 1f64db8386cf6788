import { Router } from 'express';
import {
  companyLookupRequestSchema,
  companyPathSchema,
  countsRequestSchema,
  jobPostingsQuerySchema,
  searchRequestSchema,
  similarCompaniesRequestSchema,
} from '@radar/contracts';
import { parseInput, parsePath } from '@radar/platform/http';
import { countCompanies } from '../use-cases/count-companies';
import type { SearchDeps } from '../use-cases/deps';
import { getCompany } from '../use-cases/get-company';
import { listJobPostings } from '../use-cases/list-job-postings';
import { lookupCompanies } from '../use-cases/lookup-companies';
import { searchCompanies } from '../use-cases/search-companies';
import { similarCompanies } from '../use-cases/similar-companies';

/** The public company endpoints (the gateway forwards /api/v1/companies/** here with a signed caller). */
export function companiesRoutes(deps: SearchDeps): Router {
  const router = Router();
  router.post('/companies/search', async (req, res) => {
    // No body is an empty search: every field is optional.
    const body = parseInput(searchRequestSchema, req.body ?? {}, 'body');
    res.json(await searchCompanies(deps, body));
  });
  router.post('/companies/counts', async (req, res) => {
    const body = parseInput(countsRequestSchema, req.body ?? {}, 'body');
    res.json(await countCompanies(deps, req.caller.workspaceId, body));
  });
  router.post('/companies/lookup', async (req, res) => {
    const body = parseInput(companyLookupRequestSchema, req.body ?? {}, 'body');
    res.json(await lookupCompanies(deps, body));
  });
  router.post('/companies/similar', async (req, res) => {
    const body = parseInput(similarCompaniesRequestSchema, req.body ?? {}, 'body');
    res.json(await similarCompanies(deps, body));
  });
  router.get('/companies/:company_id', async (req, res) => {
    const { company_id: companyId } = parsePath(companyPathSchema, req.params);
    res.json(await getCompany(deps, companyId));
  });
  router.get('/companies/:company_id/job-postings', async (req, res) => {
    const { company_id: companyId } = parsePath(companyPathSchema, req.params);
    // Unknown query parameters (`cursor` among them) are ignored.
    const query = parseInput(jobPostingsQuerySchema, req.query, 'query');
    res.json(await listJobPostings(deps, companyId, query.page, query.page_size));
  });
  return router;
}
