import type { Pool, PoolClient } from 'pg';
import type { DeliveryMethod, JobOpeningFilters, MonitorStatus, RunSummary, SignalType } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { writeOutboxEvents, type AnyOutboxEvent } from '@radar/platform/outbox';
import { openRun, runOnDay, type RunRecord } from './run.repository';

export interface MonitorRecord {
  id: string;
  workspaceId: string;
  createdBy: string | null;
  name: string;
  signalTypes: SignalType[];
  deliveryMethod: DeliveryMethod;
  webhookId: string | null;
  jobOpeningFilters: JobOpeningFilters;
  listId: string | null;
  listName: string | null;
  slackConnectionId: string | null;
  slackChannel: string | null;
  status: MonitorStatus;
  lastRunAt: Date | null;
  lastRunStatus: RunSummary['status'] | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

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

interface MonitorRow {
  id: string;
  workspace_id: string;
  created_by: string | null;
  name: string;
  signal_types: SignalType[];
  delivery_method: DeliveryMethod;
  webhook_id: string | null;
  job_opening_filters: JobOpeningFilters;
  list_id: string | null;
  list_name: string | null;
  slack_connection_id: string | null;
  slack_channel: string | null;
  status: MonitorStatus;
  last_run_at: Date | null;
  last_run_status: RunSummary['status'] | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: MonitorRow): MonitorRecord => ({
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
});

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

async function domainsOf(client: Pool | PoolClient, monitorIds: readonly string[]): Promise<Map<string, MonitorDomainRecord[]>> {
  const byMonitor = new Map<string, MonitorDomainRecord[]>(monitorIds.map((id) => [id, []]));
  if (monitorIds.length === 0) return byMonitor;
  const { rows } = await client.query<{ monitor_id: string; domain: string; added_at: Date }>(
    'SELECT monitor_id, domain, added_at FROM monitor_domains WHERE monitor_id = ANY($1::uuid[]) ORDER BY monitor_id, seq',
    [monitorIds],
  );
  for (const row of rows) byMonitor.get(row.monitor_id)?.push({ domain: row.domain, addedAt: row.added_at });
  return byMonitor;
}

/** Monitors and the companies they watch. Every tenant read and write names the workspace. */
export class MonitorRepository {
  constructor(private readonly pool: Pool) {}

  async find(workspaceId: string, monitorId: string): Promise<MonitorWithDomains | undefined> {
    const { rows } = await this.pool.query<MonitorRow>('SELECT * FROM monitors WHERE id = $1 AND workspace_id = $2', [monitorId, workspaceId]);
    const row = rows[0];
    if (!row) return undefined;
    const domains = await domainsOf(this.pool, [row.id]);
    return { ...toRecord(row), domains: domains.get(row.id) ?? [] };
  }

  /** The operator's look-up by id alone (`radar monitors run --monitor M`). */
  async findForOperator(monitorId: string): Promise<MonitorRecord | undefined> {
    const { rows } = await this.pool.query<MonitorRow>('SELECT * FROM monitors WHERE id = $1', [monitorId]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async list(
    workspaceId: string,
    page: { status?: MonitorStatus; limit: number; offset: number },
  ): Promise<{ items: MonitorWithDomains[]; total: number }> {
    const status = page.status ?? null;
    const [{ rows }, counted] = await Promise.all([
      this.pool.query<MonitorRow>(
        `SELECT * FROM monitors WHERE workspace_id = $1 AND ($2::text IS NULL OR status = $2)
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [workspaceId, status, page.limit, page.offset],
      ),
      this.pool.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM monitors WHERE workspace_id = $1 AND ($2::text IS NULL OR status = $2)',
        [workspaceId, status],
      ),
    ]);
    const domains = await domainsOf(this.pool, rows.map((row) => row.id));
    return {
      items: rows.map((row) => ({ ...toRecord(row), domains: domains.get(row.id) ?? [] })),
      total: counted.rows[0]?.total ?? 0,
    };
  }

  /** Every monitor of every workspace in the daily job's order: oldest first. */
  async inRunOrder(monitorId?: string): Promise<MonitorRecord[]> {
    const { rows } = await this.pool.query<MonitorRow>(
      'SELECT * FROM monitors WHERE ($1::uuid IS NULL OR id = $1) ORDER BY created_at, id',
      [monitorId ?? null],
    );
    return rows.map(toRecord);
  }

  /**
   * Runs `work` in one transaction holding the workspace's monitor lock: every change that could
   * make a monitor active takes it, so the 10-active limit holds under concurrent requests.
   */
  inWorkspace<T>(workspaceId: string, work: (monitors: WorkspaceMonitors) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`monitors:${workspaceId}`]);
      return work(new WorkspaceMonitors(client, workspaceId));
    });
  }
}

/** A workspace's monitors inside one transaction that holds the workspace's lock. */
export class WorkspaceMonitors {
  constructor(
    private readonly client: PoolClient,
    readonly workspaceId: string,
  ) {}

  async countActive(): Promise<number> {
    const { rows } = await this.client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM monitors WHERE workspace_id = $1 AND status = 'active'",
      [this.workspaceId],
    );
    return rows[0]?.count ?? 0;
  }

  /** The monitor, locked for the rest of the transaction. */
  async lock(monitorId: string): Promise<MonitorRecord | undefined> {
    const { rows } = await this.client.query<MonitorRow>('SELECT * FROM monitors WHERE id = $1 AND workspace_id = $2 FOR UPDATE', [
      monitorId,
      this.workspaceId,
    ]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async insert(monitor: Omit<MonitorRecord, 'lastRunAt' | 'lastRunStatus' | 'lastError' | 'updatedAt'>): Promise<void> {
    await this.client.query(
      `INSERT INTO monitors (id, workspace_id, created_by, name, signal_types, delivery_method, webhook_id, job_opening_filters,
                             list_id, list_name, slack_connection_id, slack_channel, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
      [
        monitor.id,
        this.workspaceId,
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

  async update(monitorId: string, changes: MonitorChanges, at: Date): Promise<void> {
    const keys = (Object.keys(changes) as (keyof MonitorChanges)[]).filter((key) => changes[key] !== undefined);
    const sets = keys.map((key, index) => `${COLUMNS[key]} = $${index + 3}`);
    await this.client.query(`UPDATE monitors SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1`, [
      monitorId,
      at,
      ...keys.map((key) => columnValue(key, changes[key])),
    ]);
  }

  async domainCount(monitorId: string): Promise<number> {
    const { rows } = await this.client.query<{ count: number }>('SELECT count(*)::int AS count FROM monitor_domains WHERE monitor_id = $1', [monitorId]);
    return rows[0]?.count ?? 0;
  }

  async domains(monitorId: string): Promise<string[]> {
    const { rows } = await this.client.query<{ domain: string }>('SELECT domain FROM monitor_domains WHERE monitor_id = $1 ORDER BY seq', [monitorId]);
    return rows.map((row) => row.domain);
  }

  /** Adds domains in the given order; answers those that were not watched yet. */
  async addDomains(monitorId: string, domains: readonly string[], at: Date): Promise<string[]> {
    if (domains.length === 0) return [];
    const { rows } = await this.client.query<{ domain: string }>(
      `INSERT INTO monitor_domains (monitor_id, domain, added_at)
       SELECT $1, domain, $3 FROM unnest($2::text[]) WITH ORDINALITY AS given(domain, position) ORDER BY position
       ON CONFLICT (monitor_id, domain) DO NOTHING
       RETURNING domain`,
      [monitorId, domains, at],
    );
    return rows.map((row) => row.domain);
  }

  /** Removes domains; answers those that were watched. */
  async removeDomains(monitorId: string, domains: readonly string[]): Promise<string[]> {
    if (domains.length === 0) return [];
    const { rows } = await this.client.query<{ domain: string }>(
      'DELETE FROM monitor_domains WHERE monitor_id = $1 AND domain = ANY($2::text[]) RETURNING domain',
      [monitorId, domains],
    );
    return rows.map((row) => row.domain);
  }

  /** Deletes the monitor with its domains and runs; answers the domains it watched. */
  async delete(monitorId: string): Promise<string[]> {
    const domains = await this.domains(monitorId);
    await this.client.query('DELETE FROM monitors WHERE id = $1 AND workspace_id = $2', [monitorId, this.workspaceId]);
    return domains;
  }

  async enqueue(entries: readonly AnyOutboxEvent[]): Promise<void> {
    await writeOutboxEvents(this.client, entries);
  }

  async runOnDay(monitorId: string, runDate: string): Promise<RunRecord | undefined> {
    return runOnDay(this.client, monitorId, runDate);
  }

  /** The monitor's run of the day, created with its checks unless it exists; the monitor must be locked first. */
  async openRun(monitor: MonitorRecord, runDate: string, at: Date): Promise<{ run: RunRecord; created: boolean }> {
    return openRun(this.client, monitor, runDate, at);
  }
}
