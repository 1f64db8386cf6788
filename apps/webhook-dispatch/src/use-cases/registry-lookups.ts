import { z } from 'zod';
import { slackChannel } from '../data/slack-connection.repository';
import { hasWebhook } from '../data/webhook.repository';
import type { RegistryDeps } from './deps';

/** An id that is not a UUID names nothing in the registry (its ids are all UUIDs), so it is answered without a query. */
const isRegistryId = (id: string): boolean => z.uuid().safeParse(id).success;

/** Whether the workspace has the webhook; another workspace's webhook does not exist for it. */
export async function webhookExists(deps: Pick<RegistryDeps, 'pool'>, input: { workspaceId: string; webhookId: string }) {
  return { exists: isRegistryId(input.webhookId) && (await hasWebhook(deps.pool, input.workspaceId, input.webhookId)) };
}

/** The workspace's team-chat connection and its channel name (a Monitor's `slack_channel`). */
export async function findSlackConnection(deps: Pick<RegistryDeps, 'pool'>, input: { workspaceId: string; slackConnectionId: string }) {
  const channel = isRegistryId(input.slackConnectionId) ? await slackChannel(deps.pool, input.workspaceId, input.slackConnectionId) : null;
  return { exists: channel !== null, channel };
}
