import { z } from 'zod';
import {
  addListCompaniesBodySchema,
  addListCompaniesResultSchema,
  createListBodySchema,
  createListResultSchema,
  SEARCH_OPERATOR_ROUTES,
} from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

const listIdFlag = z.object({ list_id: z.uuid() });

/** `a,b, c` -> ['a', 'b', 'c']; an absent flag stays absent so the schema names it. */
const commaList = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);

export const listCommands: NounSpec = {
  name: 'list',
  summary: 'Saved lists of companies',
  verbs: [
    {
      name: 'create',
      summary: 'Create a saved list. Prints {list_id}',
      flags: [
        { flags: '--workspace <workspace_id>', description: 'the workspace', required: true },
        { flags: '--name <name>', description: 'the list name', required: true },
        { flags: '--company-ids <ids>', description: 'comma-separated company ids', required: true },
      ],
      examples: [
        'radar list create --workspace 0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 --name Targets --company-ids 1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d,2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e',
      ],
      toRequest: (flags) =>
        operatorRequest(SEARCH_OPERATOR_ROUTES.createList, {
          body: validateFlags(
            createListBodySchema,
            {
              workspace_id: stringFlag(flags, 'workspace'),
              name: stringFlag(flags, 'name'),
              company_ids: commaList(stringFlag(flags, 'companyIds')),
            },
            { workspace_id: '--workspace' },
          ),
          result: createListResultSchema,
        }),
    },
    {
      name: 'add',
      summary: 'Add companies to a saved list. Prints {list_id, size}',
      flags: [
        { flags: '--list <list_id>', description: 'the list', required: true },
        { flags: '--company-ids <ids>', description: 'comma-separated company ids', required: true },
      ],
      examples: ['radar list add --list 7d2e9f41-3c5b-4a8e-b1f0-6a9c8d7e5f43 --company-ids 2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e'],
      toRequest: (flags) => {
        const { list_id } = validateFlags(listIdFlag, { list_id: stringFlag(flags, 'list') }, { list_id: '--list' });
        return operatorRequest(SEARCH_OPERATOR_ROUTES.addListCompanies, {
          params: { list_id },
          body: validateFlags(addListCompaniesBodySchema, { company_ids: commaList(stringFlag(flags, 'companyIds')) }),
          result: addListCompaniesResultSchema,
        });
      },
    },
  ],
};
