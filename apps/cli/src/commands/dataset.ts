import { datasetLoadBodySchema, datasetLoadResultSchema, SEARCH_OPERATOR_ROUTES } from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { integerFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

/** Loading millions of companies takes minutes; the call waits for the load to finish. */
const LOAD_TIMEOUT_MS = 2 * 60 * 60_000;

export const datasetCommands: NounSpec = {
  name: 'dataset',
  summary: 'The synthetic company dataset',
  verbs: [
    {
      name: 'load',
      summary: 'Generate and load companies (deterministic per seed; loading again adds nothing). Prints {companies, followed, job_postings, events}',
      flags: [
        { flags: '--companies <count>', description: 'how many companies (default 100000)' },
        { flags: '--seed <seed>', description: 'generator seed (default 1)' },
      ],
      toRequest: (flags) =>
        operatorRequest(SEARCH_OPERATOR_ROUTES.loadDataset, {
          body: validateFlags(datasetLoadBodySchema, {
            companies: integerFlag(flags, 'companies', '--companies'),
            seed: integerFlag(flags, 'seed', '--seed'),
          }),
          result: datasetLoadResultSchema,
          timeoutMs: LOAD_TIMEOUT_MS,
        }),
    },
  ],
};
