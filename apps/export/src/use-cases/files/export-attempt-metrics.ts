import { counter } from '@radar/platform/metrics';
import type { JobRunOutcome } from './run-export-job';

const attempts = counter({
  name: 'radar_export_attempts_total',
  help: 'Export job attempts ended, by outcome: completed, failed (last attempt; refunded), retrying (an attempt failed, another follows), lease-lost (another worker took the job over)',
  labelNames: ['outcome'] as const,
});

/** Counts an attempt this worker made; a job it could not claim (another worker holds it) is not one. */
export function countExportAttempt(outcome: JobRunOutcome): void {
  if (outcome !== 'not-claimed') attempts.inc({ outcome });
}
