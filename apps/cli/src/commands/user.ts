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
