import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/**
 * The scheduled job of a day (the 09:00 run), across workspaces: whether it started and
 * whether it got through every monitor.
 */
const scheduledJobRow = z
  .object({ run_day: z.string(), started_at: z.date(), completed_at: z.date().nullable() })
  .transform((row) => ({ runDate: row.run_day, startedAt: row.started_at, completedAt: row.completed_at }));

export type ScheduledJobRecord = z.output<typeof scheduledJobRow>;

export async function findScheduledJob(db: Queryable, runDate: string): Promise<ScheduledJobRecord | undefined> {
  const { rows } = await db.query('SELECT run_date::text AS run_day, started_at, completed_at FROM scheduled_jobs WHERE run_date = $1::date', [runDate]);
  return rows[0] ? scheduledJobRow.parse(rows[0]) : undefined;
}

export async function beginScheduledJob(db: Queryable, runDate: string, at: Date): Promise<void> {
  await db.query('INSERT INTO scheduled_jobs (run_date, started_at) VALUES ($1::date, $2) ON CONFLICT (run_date) DO NOTHING', [runDate, at]);
}

export async function completeScheduledJob(db: Queryable, runDate: string, at: Date): Promise<void> {
  await db.query('UPDATE scheduled_jobs SET completed_at = $2 WHERE run_date = $1::date AND completed_at IS NULL', [runDate, at]);
}
