import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';
import type { SealedValue } from '../domain/secrets/secret-keyring';
import { sealedBytes } from './sealed-column';

/** The workspace's team-chat connections (table `slack_connections`). Every statement names the workspace. */

const channelRow = z.object({ channel: z.string() });

const sealedUrlRow = z.object({ url_key_id: z.string(), url_sealed: sealedBytes }).transform((row): SealedValue => ({ keyId: row.url_key_id, sealed: row.url_sealed }));

/** Stores a connection with its incoming-webhook URL already sealed. */
export async function insertSlackConnection(db: Queryable, workspaceId: string, connection: { id: string; channel: string; url: SealedValue }): Promise<void> {
  await db.query('INSERT INTO slack_connections (id, workspace_id, channel, url_key_id, url_sealed) VALUES ($1, $2, $3, $4, $5)', [
    connection.id,
    workspaceId,
    connection.channel,
    connection.url.keyId,
    connection.url.sealed,
  ]);
}

/** The connection's channel name, or null when the workspace has no such connection. */
export async function slackChannel(db: Queryable, workspaceId: string, slackConnectionId: string): Promise<string | null> {
  const { rows } = await db.query('SELECT channel FROM slack_connections WHERE workspace_id = $1 AND id = $2', [workspaceId, slackConnectionId]);
  return rows[0] ? channelRow.parse(rows[0]).channel : null;
}

/** The connection's sealed incoming-webhook URL; null when the workspace has no such connection. */
export async function sealedSlackUrl(db: Queryable, workspaceId: string, slackConnectionId: string): Promise<SealedValue | null> {
  const { rows } = await db.query('SELECT url_key_id, url_sealed FROM slack_connections WHERE workspace_id = $1 AND id = $2', [workspaceId, slackConnectionId]);
  return rows[0] ? sealedUrlRow.parse(rows[0]) : null;
}
