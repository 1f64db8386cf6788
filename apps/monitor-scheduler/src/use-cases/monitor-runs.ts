import type { RunDetail, RunsPage } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { findMonitor } from '../data/monitor.repository';
import { findRun, runChecks, runsPage } from '../data/run.repository';
import type { MonitorSchedulerDeps } from './deps';
import { monitorNotFound } from './editor-rules';
import { toRunCheck, toRunSummary } from './run-view';

type Deps = Pick<MonitorSchedulerDeps, 'pool'>;

async function requireMonitor(deps: Deps, workspaceId: string, monitorId: string): Promise<void> {
  if (!(await findMonitor(deps.pool, workspaceId, monitorId))) throw monitorNotFound(monitorId);
}

/** GET /monitors/{id}/runs: newest first. */
export async function listRuns(
  deps: Deps,
  workspaceId: string,
  monitorId: string,
  page: { limit: number; offset: number },
): Promise<RunsPage> {
  await requireMonitor(deps, workspaceId, monitorId);
  const { items, total } = await runsPage(deps.pool, workspaceId, monitorId, page.limit, page.offset);
  return { items: items.map(toRunSummary), total, limit: page.limit, offset: page.offset, has_more: page.offset + items.length < total };
}

/** GET /monitors/{id}/runs/{run_id}: the summary and every check, in the run's order. */
export async function getRun(deps: Deps, workspaceId: string, monitorId: string, runId: string): Promise<RunDetail> {
  await requireMonitor(deps, workspaceId, monitorId);
  const run = await findRun(deps.pool, workspaceId, monitorId, runId);
  if (!run) throw new AppError('NOT_FOUND', `No run with id ${runId} of this monitor`);
  const checks = await runChecks(deps.pool, workspaceId, run.id);
  return { ...toRunSummary(run), run_domains: checks.map(toRunCheck) };
}
