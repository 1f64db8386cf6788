import { createWorkspaceBodySchema, createWorkspaceResultSchema, OPERATOR_ROUTES } from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { integerFlag, stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

export const workspaceCommands: NounSpec = {
  name: 'workspace',
  summary: 'Workspaces and their owners',
  verbs: [
    {
      name: 'create',
      summary: 'Create a workspace with its owner user, optionally granting opening credits. Prints {workspace_id, owner_user_id}',
      flags: [
        { flags: '--name <name>', description: 'workspace name', required: true },
        { flags: '--credits <credits>', description: 'opening credits, a whole number >= 0' },
      ],
      examples: [
        'radar workspace create --name Acme',
        'radar workspace create --name Acme --credits 1000',
      ],
      toRequest: (flags) =>
        operatorRequest(OPERATOR_ROUTES.createWorkspace, {
          body: validateFlags(createWorkspaceBodySchema, {
            name: stringFlag(flags, 'name'),
            credits: integerFlag(flags, 'credits', '--credits'),
          }),
          result: createWorkspaceResultSchema,
        }),
    },
  ],
};
