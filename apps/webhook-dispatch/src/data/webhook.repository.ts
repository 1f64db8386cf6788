import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';
import type { SealedValue } from '../domain/secrets/secret-keyring';
import { sealedBytes } from './sealed-column';

/**
 * The workspace's webhooks (table `webhooks`). Every statement names the workspace, so one
 * workspace never finds another's; only the operator's lookup spans workspaces.
 */

const listedWebhookRow = z
  .object({ id: z.string(), url: z.string(), created_at: z.date() })
  .transform((row) => ({ id: row.id, url: row.url, createdAt: row.created_at }));

export type ListedWebhook = z.output<typeof listedWebhookRow>;

const webhookToSendRow = z
  .object({ id: z.string(), workspace_id: z.string(), url: z.string(), secret_key_id: z.string(), secret_sealed: sealedBytes })
  .transform((row) => ({ id: row.id, workspaceId: row.workspace_id, url: row.url, secret: { keyId: row.secret_key_id, sealed: row.secret_sealed } }));

/** Where and how to send: the URL and the sealed signing secret. */
export type WebhookToSend = z.output<typeof webhookToSendRow>;

const TO_SEND_COLUMNS = 'id, workspace_id, url, secret_key_id, secret_sealed';

/** Stores a webhook with its signing secret already sealed: this table never sees it in the clear. */
export async function insertWebhook(db: Queryable, workspaceId: string, webhook: { id: string; url: string; secret: SealedValue }): Promise<void> {
  await db.query('INSERT INTO webhooks (id, workspace_id, url, secret_key_id, secret_sealed) VALUES ($1, $2, $3, $4, $5)', [
    webhook.id,
    workspaceId,
    webhook.url,
    webhook.secret.keyId,
    webhook.secret.sealed,
  ]);
}

export async function hasWebhook(db: Queryable, workspaceId: string, webhookId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM webhooks WHERE workspace_id = $1 AND id = $2', [workspaceId, webhookId]);
  return (rowCount ?? 0) > 0;
}

/** The workspace's webhooks, oldest first (their secrets stay here). */
export async function webhooksOfWorkspace(db: Queryable, workspaceId: string): Promise<ListedWebhook[]> {
  const { rows } = await db.query('SELECT id, url, created_at FROM webhooks WHERE workspace_id = $1 ORDER BY created_at, id', [workspaceId]);
  return rows.map((row) => listedWebhookRow.parse(row));
}

/** The webhook to send to, when the workspace has it. */
export async function webhookToSend(db: Queryable, workspaceId: string, webhookId: string): Promise<WebhookToSend | null> {
  const { rows } = await db.query(`SELECT ${TO_SEND_COLUMNS} FROM webhooks WHERE workspace_id = $1 AND id = $2`, [workspaceId, webhookId]);
  return rows[0] ? webhookToSendRow.parse(rows[0]) : null;
}

/** The webhook to send to, for an operator, who acts across workspaces (`radar webhook test` names only the webhook). */
export async function webhookToSendForOperator(db: Queryable, webhookId: string): Promise<WebhookToSend | null> {
  const { rows } = await db.query(`SELECT ${TO_SEND_COLUMNS} FROM webhooks WHERE id = $1`, [webhookId]);
  return rows[0] ? webhookToSendRow.parse(rows[0]) : null;
}
