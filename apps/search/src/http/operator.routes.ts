import { Router } from 'express';
import {
  addListCompaniesBodySchema,
  createListBodySchema,
  datasetLoadBodySchema,
  JOB_KINDS,
  listPathSchema,
  OPERATOR_PREFIX,
  SEARCH_OPERATOR_ROUTES,
} from '@radar/contracts';
import { parseInput, parsePath } from '@radar/platform/http';
import { answerWithJob, operatorJobRoutes, type OperatorJobs } from '@radar/platform/jobs';
import { requireOperatorSecret } from '@radar/platform/internal-auth';
import { datasetStatus } from '../use-cases/dataset/dataset-status';
import type { SearchDeps } from '../use-cases/deps';
import { addToSavedList, createSavedList } from '../use-cases/saved-lists';

export interface OperatorDeps extends Pick<SearchDeps, 'pool'> {
  operatorSecret: string;
  /** Runs `dataset.load` (the dataset loader with progress). */
  jobs: Pick<OperatorJobs, 'start' | 'run' | 'find' | 'list'>;
}

/** What the web app would do with a logged-in session: saved lists and the dataset (a load is a job). Internal only. */
export function operatorRoutes(deps: OperatorDeps): Router {
  const router = Router();
  router.use(requireOperatorSecret(deps.operatorSecret));

  router.post(SEARCH_OPERATOR_ROUTES.createList.path, async (req, res) => {
    const body = parseInput(createListBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await createSavedList(deps, { workspaceId: body.workspace_id, name: body.name, companyIds: body.company_ids }));
  });
  router.post(SEARCH_OPERATOR_ROUTES.addListCompanies.path, async (req, res) => {
    const { list_id: listId } = parsePath(listPathSchema, req.params);
    const body = parseInput(addListCompaniesBodySchema, req.body ?? {}, 'body');
    res.json(await addToSavedList(deps, { listId, companyIds: body.company_ids }));
  });
  router.post(SEARCH_OPERATOR_ROUTES.loadDataset.path, async (req, res) => {
    const body = parseInput(datasetLoadBodySchema, req.body ?? {}, 'body');
    await answerWithJob(req, res, deps.jobs, JOB_KINDS.datasetLoad, body);
  });
  router.get(SEARCH_OPERATOR_ROUTES.datasetStatus.path, async (_req, res) => {
    res.json(await datasetStatus(deps));
  });
  router.use(operatorJobRoutes(deps.jobs));

  const mounted = Router();
  mounted.use(OPERATOR_PREFIX, router);
  return mounted;
}
