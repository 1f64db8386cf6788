import { LEAD_RETENTION_DAYS, type SignalType } from '@radar/contracts';

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) `days` days before `day`. */
export const daysBefore = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The oldest `happened_on` the feed keeps on `today`, by kind (interface.md: job openings are
 * kept 90 days, everything else a year; today counts as the first of them).
 */
export const keepFrom = (today: string): { jobOpenings: string; others: string } => ({
  jobOpenings: daysBefore(today, LEAD_RETENTION_DAYS.job_openings - 1),
  others: daysBefore(today, LEAD_RETENTION_DAYS.other - 1),
});

/** Whether an event that happened on `happenedOn` is still kept on `today`. */
export function isKept(signalType: SignalType, happenedOn: string, today: string): boolean {
  const kept = keepFrom(today);
  return happenedOn <= today && happenedOn >= (signalType === 'job_openings' ? kept.jobOpenings : kept.others);
}
