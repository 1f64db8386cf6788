import { dueJobIds } from '../../data/export-jobs.repository';
import type { ExportDeps } from '../deps';

/** Jobs a worker may take now, oldest first: missed events, expired leases (a worker died holding one), retries that are due. */
export const listDueExports = (deps: Pick<ExportDeps, 'pool'>, limit: number): Promise<string[]> => dueJobIds(deps.pool, limit);
