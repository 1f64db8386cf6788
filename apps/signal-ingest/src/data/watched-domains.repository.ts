import type { Queryable } from '@radar/platform/database';
import { domainRow } from './row-schemas';

/** Which domains each monitor of a workspace watches (table `watched_domains`), from the monitors' events. */

export interface WatchChange {
  monitorId: string;
  domain: string;
  watching: boolean;
  /** The event's position in its stream: a change applies only over an older one. */
  sequence: number;
  at: Date;
}

/** Applies a start or stop of watching unless a later event about the same monitor and domain was applied already. */
export async function applyWatchChange(db: Queryable, workspaceId: string, change: WatchChange): Promise<void> {
  await db.query(
    `INSERT INTO watched_domains (workspace_id, domain, monitor_id, watching, event_sequence, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (workspace_id, domain, monitor_id) DO UPDATE
     SET watching = EXCLUDED.watching, event_sequence = EXCLUDED.event_sequence, changed_at = EXCLUDED.changed_at
     WHERE watched_domains.event_sequence < EXCLUDED.event_sequence`,
    [workspaceId, change.domain, change.monitorId, change.watching, change.sequence, change.at],
  );
}

/** Forgets stops older than `before`: no event older than them can still arrive. */
export async function forgetWatchStopsBefore(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM watched_domains WHERE NOT watching AND changed_at < $1', [before]);
  return rowCount ?? 0;
}

/** The followed companies a monitor of the workspace watches (all of them, or those among `domains`). */
export async function watchedFollowedDomains(db: Queryable, workspaceId: string, domains?: readonly string[]): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT DISTINCT w.domain FROM watched_domains w JOIN followed_companies f ON f.domain = w.domain
     WHERE w.workspace_id = $1 AND w.watching ${domains ? 'AND w.domain = ANY($2::text[])' : ''}`,
    domains ? [workspaceId, domains] : [workspaceId],
  );
  return rows.map((row) => domainRow.parse(row).domain);
}
