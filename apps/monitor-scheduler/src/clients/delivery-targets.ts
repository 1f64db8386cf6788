import { RPCS } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';

/** webhook-dispatch's registry: whether a webhook or team-chat connection exists in a workspace. */
export interface DeliveryTargets {
  webhookExists(workspaceId: string, webhookId: string): Promise<boolean>;
  /** The connection's channel name, or null when the workspace has no such connection. */
  slackChannel(workspaceId: string, slackConnectionId: string): Promise<string | null>;
}

export const registryOverBus = (bus: Bus): DeliveryTargets => ({
  webhookExists: async (workspaceId, webhookId) => (await bus.request(RPCS.webhooks.webhookExists, { workspaceId, webhookId })).exists,
  slackChannel: async (workspaceId, slackConnectionId) => {
    const reply = await bus.request(RPCS.webhooks.slackConnection, { workspaceId, slackConnectionId });
    return reply.exists ? reply.channel : null;
  },
});
