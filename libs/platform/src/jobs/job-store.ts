import type { Queryable } from '../database';

/** One row of `operator_jobs` (schema/operator-job.prisma). */
export interface JobRecord {
  id: string;
  kind: string;
  status: 'running' | 'succeeded' | 'failed';
  input: Record<string, unknown>;
  done: number;
  total: number | null;
  unit: string;
  phase: string | null;
  ratePerSecond: number | null;
  result: unknown;
  error: { code: string; message: string } | null;
  runner: string;
  heartbeatAt: Date;
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface JobProgressUpdate {
  done: number;
  total: number | null;
  phase: string | null;
  ratePerSecond: number | null;
}

interface Row {
  id: string;
  kind: string;
  status: JobRecord['status'];
  input: Record<string, unknown>;
  done: string;
  total: string | null;
  unit: string;
  phase: string | null;
  rate_per_second: number | null;
  result: unknown;
  error_code: string | null;
  error_message: string | null;
  runner: string;
  heartbeat_at: Date;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const COLUMNS =
  'id, kind, status, input, done, total, unit, phase, rate_per_second, result, error_code, error_message, runner, heartbeat_at, started_at, updated_at, finished_at';

const toRecord = (row: Row): JobRecord => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  input: row.input,
  done: Number(row.done),
  total: row.total === null ? null : Number(row.total),
  unit: row.unit,
  phase: row.phase,
  ratePerSecond: row.rate_per_second,
  result: row.result,
  error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
  runner: row.runner,
  heartbeatAt: row.heartbeat_at,
  startedAt: row.started_at,
  updatedAt: row.updated_at,
  finishedAt: row.finished_at,
});

/**
 * The service's jobs in its own database. Writes about a running job name the runner that
 * holds it, so a process that lost a job to another (its heartbeat stopped for too long)
 * learns so from the row count and never overwrites the new runner's progress.
 */
export class JobStore {
  constructor(private readonly db: Queryable) {}

  async create(job: { id: string; kind: string; input: Record<string, unknown>; unit: string; runner: string; now: Date }): Promise<JobRecord> {
    const { rows } = await this.db.query<Row>(
      `INSERT INTO operator_jobs (id, kind, status, input, unit, runner, heartbeat_at, started_at, updated_at)
       VALUES ($1, $2, 'running', $3, $4, $5, $6, $6, $6) RETURNING ${COLUMNS}`,
      [job.id, job.kind, JSON.stringify(job.input), job.unit, job.runner, job.now],
    );
    return toRecord(rows[0] as Row);
  }

  /** False when the job is no longer this runner's (taken over, or ended). */
  async progress(id: string, runner: string, update: JobProgressUpdate, now: Date): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE operator_jobs SET done = $3, total = $4, phase = $5, rate_per_second = $6, heartbeat_at = $7, updated_at = $7
       WHERE id = $1 AND runner = $2 AND status = 'running'`,
      [id, runner, update.done, update.total, update.phase, update.ratePerSecond, now],
    );
    return (result.rowCount ?? 0) > 0;
  }

  /** Keeps the job this runner's while the work is quiet (no progress to report). */
  async heartbeat(id: string, runner: string, now: Date): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE operator_jobs SET heartbeat_at = $3 WHERE id = $1 AND runner = $2 AND status = 'running'`,
      [id, runner, now],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async succeed(id: string, runner: string, result: unknown, done: number, now: Date): Promise<boolean> {
    const update = await this.db.query(
      `UPDATE operator_jobs SET status = 'succeeded', result = $3, done = GREATEST(done, $4), total = GREATEST(COALESCE(total, 0), $4),
         rate_per_second = NULL, heartbeat_at = $5, updated_at = $5, finished_at = $5
       WHERE id = $1 AND runner = $2 AND status = 'running'`,
      [id, runner, JSON.stringify(result), done, now],
    );
    return (update.rowCount ?? 0) > 0;
  }

  async fail(id: string, runner: string, error: { code: string; message: string }, now: Date): Promise<boolean> {
    const update = await this.db.query(
      `UPDATE operator_jobs SET status = 'failed', error_code = $3, error_message = $4, rate_per_second = NULL,
         heartbeat_at = $5, updated_at = $5, finished_at = $5
       WHERE id = $1 AND runner = $2 AND status = 'running'`,
      [id, runner, error.code, error.message, now],
    );
    return (update.rowCount ?? 0) > 0;
  }

  /**
   * Takes over running jobs of these kinds whose runner stopped beating before `staleBefore`
   * (one statement: of two processes sweeping at once, each job goes to one of them).
   */
  async takeOverStale(kinds: string[], runner: string, staleBefore: Date, now: Date): Promise<JobRecord[]> {
    if (kinds.length === 0) return [];
    const { rows } = await this.db.query<Row>(
      `UPDATE operator_jobs SET runner = $2, heartbeat_at = $4, rate_per_second = NULL
       WHERE id IN (
         SELECT id FROM operator_jobs WHERE status = 'running' AND heartbeat_at < $3 AND kind = ANY($1::text[])
         ORDER BY started_at FOR UPDATE SKIP LOCKED
       ) RETURNING ${COLUMNS}`,
      [kinds, runner, staleBefore, now],
    );
    return rows.map(toRecord);
  }

  async find(id: string): Promise<JobRecord | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${COLUMNS} FROM operator_jobs WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** Newest first. */
  async list(limit: number): Promise<JobRecord[]> {
    const { rows } = await this.db.query<Row>(`SELECT ${COLUMNS} FROM operator_jobs ORDER BY started_at DESC, id LIMIT $1`, [limit]);
    return rows.map(toRecord);
  }
}
