import { counter } from '@radar/platform/metrics';
import type { RunSummary } from '@radar/contracts';

const runsCompleted = counter({
  name: 'radar_monitor_runs_completed_total',
  help: 'Monitor runs ended, by status: success (every check made), partial (some failed, or credits ran out), failed (every check failed)',
  labelNames: ['status'] as const,
});

/** Counts a run that ended; call once its ending is committed. */
export const countRunCompleted = (status: RunSummary['status']): void => {
  runsCompleted.inc({ status });
};
