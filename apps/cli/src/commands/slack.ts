import { createSlackConnectionBodySchema, createSlackConnectionResultSchema, WEBHOOK_OPERATOR_ROUTES } from '@radar/contracts';
import type { NounSpec } from '../command-spec';
import { stringFlag, validateFlags } from '../flags/flag-values';
import { operatorRequest } from '../operator-request';

export const slackCommands: NounSpec = {
  name: 'slack',
  summary: 'Team-chat channels that monitor runs also post to',
  verbs: [
    {
      name: 'connect',
      summary: 'Connect a channel by its incoming-webhook URL. Prints {slack_connection_id}',
      flags: [
        { flags: '--workspace <workspace_id>', description: 'the workspace', required: true },
        { flags: '--url <url>', description: "the channel's incoming-webhook URL", required: true },
        { flags: '--channel <channel>', description: 'the channel name, e.g. #signals', required: true },
      ],
      examples: [
        "radar slack connect --workspace 0b6f3a52-8d1e-4f7a-9c2b-5e4d3c2b1a09 --url https://hooks.slack.com/services/T000/B000/XXXX --channel '#signals'",
      ],
      toRequest: (flags) =>
        operatorRequest(WEBHOOK_OPERATOR_ROUTES.createSlackConnection, {
          body: validateFlags(
            createSlackConnectionBodySchema,
            { workspace_id: stringFlag(flags, 'workspace'), url: stringFlag(flags, 'url'), channel: stringFlag(flags, 'channel') },
            { workspace_id: '--workspace' },
          ),
          result: createSlackConnectionResultSchema,
        }),
    },
  ],
};
