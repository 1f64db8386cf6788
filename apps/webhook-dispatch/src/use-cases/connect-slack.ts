import { randomUUID } from 'node:crypto';
import { insertSlackConnection } from '../data/slack-connection.repository';
import { SEALING_CONTEXT } from '../domain/secrets/sealing-context';
import type { RegistryDeps } from './deps';
import { requireAllowedEndpoint } from './require-allowed-endpoint';

/** Connects a team-chat channel to the workspace through the channel's incoming-webhook URL (stored sealed). */
export async function connectSlack(
  deps: Pick<RegistryDeps, 'pool' | 'keyring' | 'endpointPolicy' | 'resolveHost'>,
  input: { workspaceId: string; url: string; channel: string },
): Promise<{ slack_connection_id: string }> {
  const url = await requireAllowedEndpoint(deps, input.url, 'url');
  const id = randomUUID();
  await insertSlackConnection(deps.pool, input.workspaceId, {
    id,
    channel: input.channel,
    url: deps.keyring.seal(url, SEALING_CONTEXT.slackConnectionUrl(id)),
  });
  return { slack_connection_id: id };
}
