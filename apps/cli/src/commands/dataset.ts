import { datasetLoadBodySchema, datasetLoadResultSchema, SEARCH_OPERATOR_ROUTES } from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { integerFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

export const datasetCommands: NounSpec = {
  name: 'dataset',
  summary: 'The synthetic company dataset',
  verbs: [
    {
      name: 'load',
      summary:
        'Generate and load companies (deterministic per seed; loading again adds nothing) as a job, showing its progress. Prints {companies, followed, job_postings, events}',
      flags: [
        { flags: '--companies <count>', description: 'how many companies (default 100000)' },
        { flags: '--seed <seed>', description: 'generator seed (default 1)' },
      ],
      examples: ['radar dataset load', 'radar dataset load --companies 1000000 --seed 1'],
      job: true,
      toRequest: (flags) =>
        operatorRequest(SEARCH_OPERATOR_ROUTES.loadDataset, {
          body: validateFlags(datasetLoadBodySchema, {
            companies: integerFlag(flags, 'companies', '--companies'),
            seed: integerFlag(flags, 'seed', '--seed'),
          }),
          result: datasetLoadResultSchema,
        }),
    },
  ],
};
