import type { SealedValue } from '../domain/secrets/secret-keyring';
import type { WebhookDispatchPrisma } from './prisma';

export interface NewWebhook {
  id: string;
  workspaceId: string;
  url: string;
  /** The signing secret, already sealed: this table never sees it in the clear. */
  secret: SealedValue;
}

/** The workspace's webhooks. Every read names the workspace, so one workspace never finds another's. */
export class WebhookRepository {
  constructor(private readonly prisma: Pick<WebhookDispatchPrisma, 'webhook'>) {}

  async insert(webhook: NewWebhook): Promise<void> {
    await this.prisma.webhook.create({
      data: {
        id: webhook.id,
        workspaceId: webhook.workspaceId,
        url: webhook.url,
        secretKeyId: webhook.secret.keyId,
        secretSealed: webhook.secret.sealed,
      },
    });
  }

  async exists(workspaceId: string, webhookId: string): Promise<boolean> {
    return (await this.prisma.webhook.count({ where: { id: webhookId, workspaceId } })) > 0;
  }

  /** The workspace's webhooks, oldest first (their secrets stay here). */
  async listInWorkspace(workspaceId: string): Promise<{ id: string; url: string; createdAt: Date }[]> {
    return this.prisma.webhook.findMany({
      where: { workspaceId },
      select: { id: true, url: true, createdAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** Where and how to send, when the workspace has the webhook. */
  async findInWorkspace(workspaceId: string, webhookId: string): Promise<WebhookForSending | null> {
    const row = await this.prisma.webhook.findFirst({ where: { id: webhookId, workspaceId }, select: SENDING_FIELDS });
    return row && toSending(row);
  }

  /** Where and how to send, for an operator, who acts across workspaces (`radar webhook test` names only the webhook). */
  async findForOperator(webhookId: string): Promise<WebhookForSending | null> {
    const row = await this.prisma.webhook.findUnique({ where: { id: webhookId }, select: SENDING_FIELDS });
    return row && toSending(row);
  }
}

export interface WebhookForSending {
  id: string;
  workspaceId: string;
  url: string;
  secret: SealedValue;
}

const SENDING_FIELDS = { id: true, workspaceId: true, url: true, secretKeyId: true, secretSealed: true } as const;

const toSending = (row: { id: string; workspaceId: string; url: string; secretKeyId: string; secretSealed: Uint8Array<ArrayBuffer> }): WebhookForSending => ({
  id: row.id,
  workspaceId: row.workspaceId,
  url: row.url,
  secret: { keyId: row.secretKeyId, sealed: row.secretSealed },
});
