import type { SealedValue } from '../domain/secrets/secret-keyring';
import type { WebhookDispatchPrisma } from './prisma';

export interface NewSlackConnection {
  id: string;
  workspaceId: string;
  channel: string;
  /** The incoming-webhook URL, already sealed. */
  url: SealedValue;
}

/** The workspace's team-chat connections. Every read names the workspace. */
export class SlackConnectionRepository {
  constructor(private readonly prisma: Pick<WebhookDispatchPrisma, 'slackConnection'>) {}

  async insert(connection: NewSlackConnection): Promise<void> {
    await this.prisma.slackConnection.create({
      data: {
        id: connection.id,
        workspaceId: connection.workspaceId,
        channel: connection.channel,
        urlKeyId: connection.url.keyId,
        urlSealed: connection.url.sealed,
      },
    });
  }

  /** The connection's channel name, or null when the workspace has no such connection. */
  async findChannel(workspaceId: string, slackConnectionId: string): Promise<string | null> {
    const row = await this.prisma.slackConnection.findFirst({ where: { id: slackConnectionId, workspaceId }, select: { channel: true } });
    return row?.channel ?? null;
  }

  /** The connection's sealed incoming-webhook URL; null when the workspace has no such connection. */
  async findSealedUrl(workspaceId: string, slackConnectionId: string): Promise<SealedValue | null> {
    const row = await this.prisma.slackConnection.findFirst({
      where: { id: slackConnectionId, workspaceId },
      select: { urlKeyId: true, urlSealed: true },
    });
    return row && { keyId: row.urlKeyId, sealed: row.urlSealed };
  }
}
