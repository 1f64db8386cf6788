import type { Queryable } from '@radar/platform/database';

/**
 * Serialises, per workspace, everything that reads or changes its unlocked companies and
 * charges: creates, failures (which lock companies again) and the refund of stale charges.
 * Transaction-scoped, so it is released at commit, at rollback, and when a crash ends the session.
 */
export async function lockWorkspace(client: Queryable, workspaceId: string): Promise<void> {
  await client.query({ name: 'export-lock-workspace', text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', values: [`export-workspace:${workspaceId}`] });
}
