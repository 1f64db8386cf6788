import type { SavedListDomainsReply } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { savedListDomains, savedListSummary } from '../data/saved-lists.repository';
import type { SearchDeps } from './deps';

/**
 * A saved list's name and a page of its companies' domains, for a list-following monitor.
 * Another workspace's list is NOT_FOUND, as is an unknown one.
 */
export async function savedListDomainsPage(
  deps: Pick<SearchDeps, 'pool'>,
  input: { workspaceId: string; listId: string; offset: number; limit: number },
): Promise<SavedListDomainsReply> {
  const list = await savedListSummary(deps.pool, input.workspaceId, input.listId);
  if (!list) throw new AppError('NOT_FOUND', `No saved list with id ${input.listId} in this workspace`);
  const domains = await savedListDomains(deps.pool, input.workspaceId, input.listId, { offset: input.offset, limit: input.limit });
  return { listId: input.listId, name: list.name, total: list.total, domains };
}
