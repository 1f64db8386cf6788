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
