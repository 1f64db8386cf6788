import type { JobView } from '@radar/contracts';

const number = (value: number): string => value.toLocaleString('en-US');

/** `1 h 4 min`, `3 min 20 s`, `45 s`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/** The percentage done, when the total is known. */
export function percentDone(job: JobView): number | undefined {
  const { done, total } = job.progress;
  if (total === null || total === 0) return undefined;
  return Math.min(100, Math.floor((done * 100) / total));
}

/** The rate and time left, as they are known: `1,250 companies/s, about 52 s left`. */
export function describePace(job: JobView): string {
  const { rate_per_second: rate, eta_seconds: eta, unit } = job.progress;
  const parts: string[] = [];
  if (rate !== null) parts.push(`${number(Math.round(rate))} ${unit}/s`);
  if (eta !== null && job.status === 'running') parts.push(`about ${formatDuration(eta)} left`);
  return parts.join(', ');
}

/**
 * One line about a job, for people and logs alike:
 * `search.3f0c… dataset.load: storing 35,000/100,000 companies (35%), 1,250 companies/s, about 52 s left`.
 */
export function describeProgress(job: JobView): string {
  const { done, total, unit, phase } = job.progress;
  const percent = percentDone(job);
  const amount = total === null ? `${number(done)} ${unit}` : `${number(done)}/${number(total)} ${unit}`;
  const state =
    job.status === 'interrupted'
      ? 'interrupted (its service stopped; it resumes when the service is back)'
      : job.status === 'running'
        ? (phase ?? 'running')
        : job.status;
  const pace = job.status === 'running' ? describePace(job) : '';
  return `${job.id} ${job.kind}: ${state} ${amount}${percent === undefined ? '' : ` (${percent}%)`}${pace ? `, ${pace}` : ''}`;
}
