import { z } from 'zod';
import { datasetLoadBodySchema } from '@radar/contracts';
import { jobKind } from '@radar/platform/jobs';
import { warmDefaultSearch } from '../search-companies';
import { loadDataset, type DatasetLoaderDeps } from './load-dataset';

/** A stored job's input: the body as the operator route validated it (defaults filled in). */
const storedInput = datasetLoadBodySchema.extend({ companies: z.number().int().min(1), seed: z.number().int().min(0) });

/**
 * `radar dataset load` as a job: progress counts the companies stored. Taking over an
 * interrupted job runs the load again, which resumes from its last stored batch. Once loaded,
 * the default search is warmed again on the new data (best effort).
 */
export const datasetLoadJob = (deps: DatasetLoaderDeps) =>
  jobKind({
    unit: 'companies',
    input: storedInput,
    run: async (input, job) => {
      const result = await loadDataset(deps, input, ({ stored, total, phase }) => job.progress(stored, { total, phase }));
      warmDefaultSearch({ companyIndex: deps.selectedIndex.index }).catch((error: unknown) => deps.logger.warn({ err: error }, 'warming the default search failed'));
      return result;
    },
  });
