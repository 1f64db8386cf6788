import { z } from 'zod';
import { deliveryMethodSchema, jobOpeningFiltersSchema, monitorStatusSchema, runStatusSchema, signalTypeSchema } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/** Monitors and the companies they watch: statements only, every tenant read and write naming the workspace. */

const monitorRow = z
  .object({
    id: z.string(),
    workspace_id: z.string(),
    created_by: z.string().nullable(),
    name: z.string(),
    signal_types: z.array(signalTypeSchema),
    delivery_method: deliveryMethodSchema,
    webhook_id: z.string().nullable(),
    job_opening_filters: jobOpeningFiltersSchema,
    list_id: z.string().nullable(),
    list_name: z.string().nullable(),
    slack_connection_id: z.string().nullable(),
    slack_channel: z.string().nullable(),
    status: monitorStatusSchema,
    last_run_at: z.date().nullable(),
    last_run_status: runStatusSchema.nullable(),
    last_error: z.string().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  })
  .transform((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    createdBy: row.created_by,
    name: row.name,
    signalTypes: row.signal_types,
    deliveryMethod: row.delivery_method,
    webhookId: row.webhook_id,
    jobOpeningFilters: row.job_opening_filters,
    listId: row.list_id,
    listName: row.list_name,
    slackConnectionId: row.slack_connection_id,
    slackChannel: row.slack_channel,
    status: row.status,
    lastRunAt: row.last_run_at,
    lastRunStatus: row.last_run_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));

export type MonitorRecord = z.output<typeof monitorRow>;

export interface MonitorDomainRecord {
  domain: string;
  addedAt: Date;
}

export type MonitorWithDomains = MonitorRecord & { domains: MonitorDomainRecord[] };

/** What a change may set; absent keys keep their value. */
export type MonitorChanges = Partial<
  Pick<
    MonitorRecord,
    'name' | 'signalTypes' | 'deliveryMethod' | 'webhookId' | 'jobOpeningFilters' | 'listName' | 'slackConnectionId' | 'slackChannel' | 'status' | 'lastError'
  >
>;

const COLUMNS: Record<keyof MonitorChanges, string> = {
  name: 'name',
  signalTypes: 'signal_types',
  deliveryMethod: 'delivery_method',
  webhookId: 'webhook_id',
  jobOpeningFilters: 'job_opening_filters',
  listName: 'list_name',
  slackConnectionId: 'slack_connection_id',
  slackChannel: 'slack_channel',
  status: 'status',
  lastError: 'last_error',
};

const columnValue = (key: keyof MonitorChanges, value: unknown): unknown => (key === 'jobOpeningFilters' ? JSON.stringify(value) : value);

const parseMonitors = (rows: unknown[]): MonitorRecord[] => rows.map((row) => monitorRow.parse(row));

async function withDomains(db: Queryable, workspaceId: string, monitors: MonitorRecord[]): Promise<MonitorWithDomains[]> {
  if (monitors.length === 0) return [];
  const { rows } = await db.query<{ monitor_id: string; domain: string; added_at: Date }>(
    `SELECT d.monitor_id, d.domain, d.added_at FROM monitor_domains d JOIN monitors m ON m.id = d.monitor_id AND m.workspace_id = $2
     WHERE d.monitor_id = ANY($1::uuid[]) ORDER BY d.monitor_id, d.seq`,
    [monitors.map((monitor) => monitor.id), workspaceId],
  );
  const byMonitor = new Map<string, MonitorDomainRecord[]>(monitors.map((monitor) => [monitor.id, []]));
  for (const row of rows) byMonitor.get(row.monitor_id)?.push({ domain: row.domain, addedAt: row.added_at });
  return monitors.map((monitor) => ({ ...monitor, domains: byMonitor.get(monitor.id) ?? [] }));
}

export async function findMonitor(db: Queryable, workspaceId: string, monitorId: string): Promise<MonitorWithDomains | undefined> {
  const { rows } = await db.query('SELECT * FROM monitors WHERE id = $1 AND workspace_id = $2', [monitorId, workspaceId]);
  return (await withDomains(db, workspaceId, parseMonitors(rows)))[0];
}

/** The monitor without its domains. */
export async function monitorRecord(db: Queryable, workspaceId: string, monitorId: string): Promise<MonitorRecord | undefined> {
  const { rows } = await db.query('SELECT * FROM monitors WHERE id = $1 AND workspace_id = $2', [monitorId, workspaceId]);
  return parseMonitors(rows)[0];
}

/** The operator's look-up by id alone (`radar monitors run --monitor M`). */
export async function findMonitorForOperator(db: Queryable, monitorId: string): Promise<MonitorRecord | undefined> {
  const { rows } = await db.query('SELECT * FROM monitors WHERE id = $1', [monitorId]);
  return parseMonitors(rows)[0];
}

export async function monitorsPage(
  db: Queryable,
  workspaceId: string,
  page: { status?: MonitorStatusFilter; limit: number; offset: number },
): Promise<{ items: MonitorWithDomains[]; total: number }> {
  const status = page.status ?? null;
  const [{ rows }, counted] = await Promise.all([
    db.query(
      `SELECT * FROM monitors WHERE workspace_id = $1 AND ($2::text IS NULL OR status = $2)
       ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [workspaceId, status, page.limit, page.offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM monitors WHERE workspace_id = $1 AND ($2::text IS NULL OR status = $2)', [
      workspaceId,
      status,
    ]),
  ]);
  return { items: await withDomains(db, workspaceId, parseMonitors(rows)), total: counted.rows[0]?.total ?? 0 };
}

type MonitorStatusFilter = MonitorRecord['status'];

/** Every monitor of every workspace (or just `monitorId`) in the daily job's order: oldest first. */
export async function monitorsInRunOrder(db: Queryable, monitorId?: string): Promise<MonitorRecord[]> {
  const { rows } = await db.query('SELECT * FROM monitors WHERE ($1::uuid IS NULL OR id = $1) ORDER BY created_at, id', [monitorId ?? null]);
  return parseMonitors(rows);
}

/**
 * The workspace's monitor lock, held until the caller's transaction ends: every change that
 * could make a monitor active takes it, so the active-monitor limit holds under concurrent requests.
 */
export async function lockWorkspaceMonitors(db: Queryable, workspaceId: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`monitors:${workspaceId}`]);
}

export async function countActiveMonitors(db: Queryable, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM monitors WHERE workspace_id = $1 AND status = 'active'", [workspaceId]);
  return rows[0]?.count ?? 0;
}

/** The monitor, locked until the caller's transaction ends. */
export async function lockMonitor(db: Queryable, workspaceId: string, monitorId: string): Promise<MonitorRecord | undefined> {
  const { rows } = await db.query('SELECT * FROM monitors WHERE id = $1 AND workspace_id = $2 FOR UPDATE', [monitorId, workspaceId]);
  return parseMonitors(rows)[0];
}

export async function insertMonitor(
  db: Queryable,
  workspaceId: string,
  monitor: Omit<MonitorRecord, 'workspaceId' | 'lastRunAt' | 'lastRunStatus' | 'lastError' | 'updatedAt'>,
): Promise<void> {
  await db.query(
    `INSERT INTO monitors (id, workspace_id, created_by, name, signal_types, delivery_method, webhook_id, job_opening_filters,
                           list_id, list_name, slack_connection_id, slack_channel, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
    [
      monitor.id,
      workspaceId,
      monitor.createdBy,
      monitor.name,
      monitor.signalTypes,
      monitor.deliveryMethod,
      monitor.webhookId,
      JSON.stringify(monitor.jobOpeningFilters),
      monitor.listId,
      monitor.listName,
      monitor.slackConnectionId,
      monitor.slackChannel,
      monitor.status,
      monitor.createdAt,
    ],
  );
}

export async function updateMonitor(db: Queryable, workspaceId: string, monitorId: string, changes: MonitorChanges, at: Date): Promise<void> {
  const keys = (Object.keys(changes) as (keyof MonitorChanges)[]).filter((key) => changes[key] !== undefined);
  const sets = keys.map((key, index) => `${COLUMNS[key]} = $${index + 4}`);
  await db.query(`UPDATE monitors SET ${[...sets, 'updated_at = $3'].join(', ')} WHERE id = $1 AND workspace_id = $2`, [
    monitorId,
    workspaceId,
    at,
    ...keys.map((key) => columnValue(key, changes[key])),
  ]);
}

/** The monitor's last_run_* follow its newest day's run (an operator's run of a past day does not overwrite them). */
export async function noteLatestRun(
  db: Queryable,
  workspaceId: string,
  run: { monitorId: string; runDate: string; startedAt: Date; status: MonitorRecord['lastRunStatus'] },
): Promise<void> {
  await db.query(
    `UPDATE monitors SET last_run_at = $4, last_run_status = $5
     WHERE id = $1 AND workspace_id = $2 AND NOT EXISTS (SELECT 1 FROM monitor_runs later WHERE later.monitor_id = $1 AND later.run_date > $3::date)`,
    [run.monitorId, workspaceId, run.runDate, run.startedAt, run.status],
  );
}

export async function domainCount(db: Queryable, workspaceId: string, monitorId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM monitor_domains d JOIN monitors m ON m.id = d.monitor_id AND m.workspace_id = $2 WHERE d.monitor_id = $1',
    [monitorId, workspaceId],
  );
  return rows[0]?.count ?? 0;
}

export async function monitorDomains(db: Queryable, workspaceId: string, monitorId: string): Promise<string[]> {
  const { rows } = await db.query<{ domain: string }>(
    'SELECT d.domain FROM monitor_domains d JOIN monitors m ON m.id = d.monitor_id AND m.workspace_id = $2 WHERE d.monitor_id = $1 ORDER BY d.seq',
    [monitorId, workspaceId],
  );
  return rows.map((row) => row.domain);
}

/** Adds domains in the given order to a monitor of the workspace; answers those that were not watched yet. */
export async function addDomains(db: Queryable, workspaceId: string, monitorId: string, domains: readonly string[], at: Date): Promise<string[]> {
  if (domains.length === 0) return [];
  const { rows } = await db.query<{ domain: string }>(
    `INSERT INTO monitor_domains (monitor_id, domain, added_at)
     SELECT m.id, given.domain, $3 FROM monitors m CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS given(domain, position)
     WHERE m.id = $1 AND m.workspace_id = $4 ORDER BY given.position
     ON CONFLICT (monitor_id, domain) DO NOTHING
     RETURNING domain`,
    [monitorId, domains, at, workspaceId],
  );
  return rows.map((row) => row.domain);
}

/** Removes domains; answers those that were watched. */
export async function removeDomains(db: Queryable, workspaceId: string, monitorId: string, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const { rows } = await db.query<{ domain: string }>(
    `DELETE FROM monitor_domains d USING monitors m
     WHERE d.monitor_id = $1 AND d.domain = ANY($2::text[]) AND m.id = d.monitor_id AND m.workspace_id = $3
     RETURNING d.domain`,
    [monitorId, domains, workspaceId],
  );
  return rows.map((row) => row.domain);
}

/** Deletes the monitor; its domains, runs and checks go with it (ON DELETE CASCADE). */
export async function deleteMonitor(db: Queryable, workspaceId: string, monitorId: string): Promise<void> {
  await db.query('DELETE FROM monitors WHERE id = $1 AND workspace_id = $2', [monitorId, workspaceId]);
}
