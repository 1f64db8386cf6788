import { grantCreditsBodySchema, grantCreditsResultSchema, OPERATOR_ROUTES } from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { integerFlag, stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

export const creditsCommands: NounSpec = {
  name: 'credits',
  summary: 'Credit purchases and grants',
  verbs: [
    {
      name: 'grant',
      summary: 'Add credits to a workspace (a `grant` transaction). Prints {workspace_id, balance}',
      flags: [
        { flags: '--workspace <workspace_id>', description: 'the workspace', required: true },
        { flags: '--amount <amount>', description: 'credits to add, a whole number > 0', required: true },
      ],
      examples: ['radar credits grant --workspace 0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 --amount 500'],
      toRequest: (flags) =>
        operatorRequest(OPERATOR_ROUTES.grantCredits, {
          body: validateFlags(
            grantCreditsBodySchema,
            { workspace_id: stringFlag(flags, 'workspace'), amount: integerFlag(flags, 'amount', '--amount') },
            { workspace_id: '--workspace' },
          ),
          result: grantCreditsResultSchema,
        }),
    },
  ],
};
