import { RPCS } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';
import { companyRows } from '../use-cases/company-rows';
import type { SearchDeps } from '../use-cases/deps';
import { exportCandidates } from '../use-cases/export-candidates';

/** Queue group: each request goes to one search replica. */
const QUEUE = 'search';

/** Search's NATS request API for the export service: an export's companies in order, and their rows for the file. */
export function serveSearchRpc(bus: Bus, deps: Pick<SearchDeps, 'companyIndex' | 'pool'>): void {
  bus.serve(RPCS.search.exportCandidates, (input) => exportCandidates(deps, input), { queue: QUEUE });
  bus.serve(RPCS.search.companyRows, async (input) => ({ companies: await companyRows(deps, input.companyIds) }), { queue: QUEUE });
}
