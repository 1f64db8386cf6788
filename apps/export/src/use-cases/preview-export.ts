import type { ExportPreview, PreviewExportBody } from '@radar/contracts';
import { unlockedAmong } from '../data/workspace-unlocks.repository';
import type { ExportDeps } from './deps';
import { findCandidates } from './export-candidates';

/** POST /exports/preview: what a create of the same body would charge now. Free; changes nothing. */
export async function previewExport(
  deps: Pick<ExportDeps, 'search' | 'pool' | 'ledger'>,
  workspaceId: string,
  body: PreviewExportBody,
): Promise<ExportPreview> {
  const { companyIds, capped } = await findCandidates(deps, workspaceId, body);
  // No lock: a snapshot of what is unlocked now.
  const [unlocked, balance] = await Promise.all([unlockedAmong(deps.pool, workspaceId, companyIds), deps.ledger.balance(workspaceId)]);
  const cost = companyIds.length - unlocked.size;
  return {
    requested_count: companyIds.length,
    already_unlocked: unlocked.size,
    new_count: cost,
    capped_at_10k: capped,
    cost,
    balance,
    would_export: Math.min(cost, balance),
    would_skip: Math.max(0, cost - balance),
  };
}
