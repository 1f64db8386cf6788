import type { EventPayload } from '@radar/contracts';
import type { SearchDeps } from './deps';

/** `companies.unlocked`: the export's companies count as saved by its workspace from now on. */
export async function recordCompaniesUnlocked(deps: Pick<SearchDeps, 'saved'>, event: EventPayload<'companies.unlocked'>): Promise<void> {
  await deps.saved.recordUnlocked(event.workspaceId, event.exportId, event.companyIds.map((id) => id.toLowerCase()));
}

/** `companies.locked`: a failed export was refunded and its companies are locked again. */
export async function recordCompaniesLocked(deps: Pick<SearchDeps, 'saved'>, event: EventPayload<'companies.locked'>): Promise<void> {
  await deps.saved.recordLocked(event.workspaceId, event.exportId);
}
