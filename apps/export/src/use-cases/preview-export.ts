import type { ExportPreview, PreviewExportBody } from '@radar/contracts';
import type { ExportDeps } from './deps';
import { findCandidates } from './export-candidates';

/** POST /exports/preview: what a create of the same body would charge now. Free; changes nothing. */
export async function previewExport(
  deps: Pick<ExportDeps, 'search' | 'creation' | 'ledger'>,
  workspaceId: string,
  body: PreviewExportBody,
): Promise<ExportPreview> {
  const { companyIds, capped } = await findCandidates(deps, workspaceId, body);
  const [unlocked, balance] = await Promise.all([deps.creation.unlockedAmong(workspaceId, companyIds), deps.ledger.balance(workspaceId)]);
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
