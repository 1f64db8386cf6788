import { z } from 'zod';
import {
  createUserBodySchema,
  createUserResultSchema,
  OPERATOR_ROUTES,
  ROLES,
  setRoleBodySchema,
  setRoleResultSchema,
} from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

const userFlag = z.object({ user_id: z.uuid() });
const roles = ROLES.join('|');

export const userCommands: NounSpec = {
  name: 'user',
  summary: 'Users of a workspace and their roles',
  verbs: [
    {
      name: 'create',
      summary: 'Add a user to a workspace. Prints {user_id}',
      flags: [
        { flags: '--workspace <workspace_id>', description: 'the workspace', required: true },
        { flags: '--role <role>', description: roles, required: true },
      ],
      examples: ['radar user create --workspace 0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 --role admin'],
      toRequest: (flags) =>
        operatorRequest(OPERATOR_ROUTES.createUser, {
          body: validateFlags(
            createUserBodySchema,
            { workspace_id: stringFlag(flags, 'workspace'), role: stringFlag(flags, 'role') },
            { workspace_id: '--workspace' },
          ),
          result: createUserResultSchema,
        }),
    },
    {
      name: 'set-role',
      summary: "Change a user's role; it applies to the user's tokens on their next request. Prints {user_id, role}",
      flags: [
        { flags: '--user <user_id>', description: 'the user', required: true },
        { flags: '--role <role>', description: roles, required: true },
      ],
      examples: ['radar user set-role --user 5c7d9e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f --role member'],
      toRequest: (flags) => {
        const { user_id } = validateFlags(userFlag, { user_id: stringFlag(flags, 'user') }, { user_id: '--user' });
        return operatorRequest(OPERATOR_ROUTES.setRole, {
          params: { user_id },
          body: validateFlags(setRoleBodySchema, { role: stringFlag(flags, 'role') }),
          result: setRoleResultSchema,
        });
      },
    },
  ],
};
