import type { Pool } from 'pg';

/** The scheduled job of a day (the 09:00 run): whether it started and whether it got through every monitor. */
export interface ScheduledJobRecord {
  runDate: string;
  startedAt: Date;
  completedAt: Date | null;
}

export class ScheduledJobRepository {
  constructor(private readonly pool: Pool) {}

  async find(runDate: string): Promise<ScheduledJobRecord | undefined> {
    const { rows } = await this.pool.query<{ run_day: string; started_at: Date; completed_at: Date | null }>(
      'SELECT run_date::text AS run_day, started_at, completed_at FROM scheduled_jobs WHERE run_date = $1::date',
      [runDate],
    );
    const row = rows[0];
    return row ? { runDate: row.run_day, startedAt: row.started_at, completedAt: row.completed_at } : undefined;
  }

  async begin(runDate: string, at: Date): Promise<void> {
    await this.pool.query('INSERT INTO scheduled_jobs (run_date, started_at) VALUES ($1::date, $2) ON CONFLICT (run_date) DO NOTHING', [runDate, at]);
  }

  async complete(runDate: string, at: Date): Promise<void> {
    await this.pool.query('UPDATE scheduled_jobs SET completed_at = $2 WHERE run_date = $1::date AND completed_at IS NULL', [runDate, at]);
  }
}
