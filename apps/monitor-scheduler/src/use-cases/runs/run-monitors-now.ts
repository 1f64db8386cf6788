import { setTimeout as sleep } from 'node:timers/promises';
import type { RunMonitorsBody, RunSummary } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { findMonitorForOperator } from '../../data/monitor.repository';
import { runsByIds, type RunRecord } from '../../data/run.repository';
import type { MonitorSchedulerDeps } from '../deps';
import { invalidField } from '../editor-rules';
import { toRunSummary } from '../run-view';
import { runDay } from './run-day';
import { utcDay } from '../../domain/run-day-clock';

type Deps = Parameters<typeof runDay>[0] & Pick<MonitorSchedulerDeps, 'jobLock'>;

const POLL_MS = 200;

/** What `radar monitors run` runs, once checked: the day is fixed, so a job resumed tomorrow still runs the same day. */
export interface MonitorRunsRequest {
  date: string;
  monitor_id?: string;
}

/** How far the day's runs are: checks answered (or skipped) of the checks the runs hold. */
export type MonitorRunsProgress = (progress: { checksDone: number; checksTotal: number; phase: 'dispatching' | 'checking' }) => void;

/** Runs `work` under the job lock, waiting while another replica (the 09:00 job, say) holds it. */
async function underJobLock<T>(deps: Deps, work: (signal: AbortSignal) => Promise<T>, deadline: number): Promise<T> {
  for (;;) {
    const attempt = await deps.jobLock.runExclusive(work);
    if (attempt.ran) return attempt.result;
    if (Date.now() >= deadline) throw new AppError('SERVICE_UNAVAILABLE', 'Another monitor run kept the job busy; try again later');
    await sleep(POLL_MS);
  }
}

const checksDone = (runs: RunRecord[]): number =>
  runs.reduce((sum, run) => sum + run.domainsProcessed + run.domainsSkippedCredits + run.domainsFailed, 0);
const checksTotal = (runs: RunRecord[]): number => runs.reduce((sum, run) => sum + run.domainsTotal, 0);

/** Waits until no run is `running` (or the wait runs out) and answers them as they are then. */
async function settled(deps: Deps, runs: RunRecord[], deadline: number, onProgress: MonitorRunsProgress): Promise<RunRecord[]> {
  let current = runs;
  onProgress({ checksDone: checksDone(current), checksTotal: checksTotal(current), phase: 'checking' });
  while (current.some((run) => run.status === 'running') && Date.now() < deadline) {
    await sleep(POLL_MS);
    const byId = new Map((await runsByIds(deps.pool, runs.map((run) => run.id))).map((run) => [run.id, run]));
    current = runs.flatMap((run) => {
      const now = byId.get(run.id);
      return now ? [now] : [];
    });
    onProgress({ checksDone: checksDone(current), checksTotal: checksTotal(current), phase: 'checking' });
  }
  return current;
}

/**
 * Checks a `radar monitors run` request before any work starts, so a bad one is refused at once:
 * the day (today by default) may not lie ahead, and a named monitor must exist.
 */
export async function prepareMonitorRuns(deps: Pick<Deps, 'pool' | 'now'>, body: RunMonitorsBody): Promise<MonitorRunsRequest> {
  const today = utcDay(deps.now());
  const runDate = body.date ?? today;
  if (runDate > today) throw invalidField('date', `must be today (${today}) or a past UTC day`);
  if (body.monitor_id && !(await findMonitorForOperator(deps.pool, body.monitor_id))) {
    throw new AppError('NOT_FOUND', `No monitor with id ${body.monitor_id}`);
  }
  return body.monitor_id ? { date: runDate, monitor_id: body.monitor_id } : { date: runDate };
}

/**
 * Operator (`radar monitors run [--date D] [--monitor M]`, as a job): the daily job for UTC day D
 * (any past day too, with the provider's view of that day), exactly as the 09:00 schedule would
 * run it, then waits for its runs to end. A monitor that already has a run that day answers
 * that run and is charged nothing, so running the same request again is safe.
 */
export async function runMonitorsNow(
  deps: Deps,
  request: MonitorRunsRequest,
  onProgress: MonitorRunsProgress = () => undefined,
): Promise<{ runs: RunSummary[] }> {
  const deadline = Date.now() + deps.settings.runWaitMs;
  onProgress({ checksDone: 0, checksTotal: 0, phase: 'dispatching' });
  const runs = await underJobLock(deps, (signal) => runDay(deps, request.date, signal, request.monitor_id), deadline);
  return { runs: (await settled(deps, runs, deadline, onProgress)).map(toRunSummary) };
}
