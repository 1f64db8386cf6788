import {
  monitorSchema,
  runDetailSchema,
  runMonitorsResultSchema,
  type Caller,
  type MonitorView,
  type RunDetail,
  type RunSummary,
} from '@radar/contracts';
import type { MonitorWorld } from './monitor-world';

/** The UTC day `n` days before today, YYYY-MM-DD. */
export const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export const today = (): string => daysAgo(0);

/** `radar monitors run` as the operator route serves it; answers the runs once they ended. */
export async function runMonitors(world: MonitorWorld, body: { date?: string; monitor_id?: string } = {}): Promise<RunSummary[]> {
  const response = await world.operator('/monitors/run', body);
  if (response.status !== 200) throw new Error(`monitors run answered ${response.status}: ${response.text}`);
  return runMonitorsResultSchema.parse(response.body).runs;
}

export async function createMonitor(world: MonitorWorld, caller: Caller, body: Record<string, unknown>): Promise<MonitorView> {
  const response = await world.as(caller).post('/monitors', { name: 'Watch', signal_types: ['job_openings', 'news_events'], ...body });
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${response.text}`);
  return monitorSchema.parse(response.body);
}

export async function getMonitor(world: MonitorWorld, caller: Caller, monitorId: string): Promise<MonitorView> {
  return monitorSchema.parse((await world.as(caller).get(`/monitors/${monitorId}`)).body);
}

export async function getRun(world: MonitorWorld, caller: Caller, monitorId: string, runId: string): Promise<RunDetail> {
  const response = await world.as(caller).get(`/monitors/${monitorId}/runs/${runId}`);
  if (response.status !== 200) throw new Error(`run answered ${response.status}: ${response.text}`);
  return runDetailSchema.strict().parse(response.body);
}

/** The charge reference of one check (decisions.md). */
export const chargeRef = (monitorId: string, runDate: string, domain: string, signalType: string): string =>
  `monitor:${monitorId}:${runDate}:${domain}:${signalType}`;

/** The run counters' invariants of decisions.md "Pinned details". */
export function expectCountersConsistent(run: RunSummary): void {
  expect(run.domains_total).toBe(run.domains_processed + run.domains_skipped_credits + run.domains_failed);
  expect(run.credits_charged).toBe(run.domains_processed + run.domains_failed);
  expect(run.credits_refunded).toBe(run.domains_failed);
}
