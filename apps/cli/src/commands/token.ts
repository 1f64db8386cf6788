import { z } from 'zod';
import {
  createTokenBodySchema,
  createTokenResultSchema,
  OPERATOR_ROUTES,
  revokeTokenResultSchema,
  SCOPES,
  TOKEN_DEFAULT_EXPIRY_DAYS,
  TOKEN_MAX_EXPIRY_DAYS,
} from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { integerFlag, stringFlag, switchFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

const tokenIdFlag = z.object({ token_id: z.uuid() });

export const tokenCommands: NounSpec = {
  name: 'token',
  summary: 'API tokens',
  verbs: [
    {
      name: 'create',
      summary: `Issue an API token for a user (expires in ${TOKEN_DEFAULT_EXPIRY_DAYS} days unless told otherwise). Prints {token_id, token, scope, expires_at}; the token is shown only this once`,
      flags: [
        { flags: '--user <user_id>', description: 'the token holder', required: true },
        { flags: '--name <name>', description: 'a name to recognise the token by', required: true },
        { flags: '--scope <scope>', description: SCOPES.join('|'), required: true },
        { flags: '--expires-in-days <days>', description: `days until expiry, 1-${TOKEN_MAX_EXPIRY_DAYS}` },
        { flags: '--never-expires', description: 'a permanent token', conflicts: ['expiresInDays', 'expiresAt'] },
        {
          flags: '--expires-at <iso>',
          description: 'operator-only import option: an exact expiry as an ISO 8601 date-time, may lie in the past',
          conflicts: ['expiresInDays'],
        },
      ],
      examples: [
        'radar token create --user 5c7d9e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f --name ci --scope read',
        'radar token create --user 5c7d9e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f --name nightly --scope read_write --expires-in-days 30',
        'radar token create --user 5c7d9e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f --name service --scope read --never-expires',
        'radar token create --user 5c7d9e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f --name imported --scope read --expires-at 2027-01-31T00:00:00Z',
      ],
      toRequest: (flags) =>
        operatorRequest(OPERATOR_ROUTES.createToken, {
          body: validateFlags(
            createTokenBodySchema,
            {
              user_id: stringFlag(flags, 'user'),
              name: stringFlag(flags, 'name'),
              scope: stringFlag(flags, 'scope'),
              expires_in_days: integerFlag(flags, 'expiresInDays', '--expires-in-days'),
              never_expires: switchFlag(flags, 'neverExpires'),
              expires_at: stringFlag(flags, 'expiresAt'),
            },
            { user_id: '--user' },
          ),
          result: createTokenResultSchema,
        }),
    },
    {
      name: 'revoke',
      summary: 'Revoke a token at once. Prints {token_id, revoked: true}',
      flags: [{ flags: '--token-id <token_id>', description: 'the token to revoke', required: true }],
      examples: ['radar token revoke --token-id 9e8d7c6b-5a49-4382-b1a0-f9e8d7c6b5a4'],
      toRequest: (flags) => {
        const { token_id } = validateFlags(tokenIdFlag, { token_id: stringFlag(flags, 'tokenId') });
        return operatorRequest(OPERATOR_ROUTES.revokeToken, { params: { token_id }, result: revokeTokenResultSchema });
      },
    },
  ],
};
