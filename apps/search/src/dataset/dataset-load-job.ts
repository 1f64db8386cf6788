import { z } from 'zod';
import { datasetLoadBodySchema, type DatasetLoadResult } from '@radar/contracts';
import { jobKind } from '@radar/platform/jobs';
import type { DatasetLoadProgress, DatasetLoadRequest } from './dataset-loader';

/** A stored job's input: the body as the operator route validated it (defaults filled in). */
const storedInput = datasetLoadBodySchema.extend({ companies: z.number().int().min(1), seed: z.number().int().min(0) });

/**
 * `radar dataset load` as a job: progress counts the companies stored. Taking over an
 * interrupted job runs the load again, which resumes from its last stored batch.
 */
export const datasetLoadJob = (load: (request: DatasetLoadRequest, onProgress: DatasetLoadProgress) => Promise<DatasetLoadResult>) =>
  jobKind({
    unit: 'companies',
    input: storedInput,
    run: (input, job) => load(input, ({ stored, total, phase }) => job.progress(stored, { total, phase })),
  });
