import type { Pool } from 'pg';
import { RPCS } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { Bus } from '@radar/platform/nats';
import { SavedListDomainsRepository } from '../data/saved-list-domains.repository';

/** Queue group: each request goes to one search replica. */
const QUEUE = 'search';

/**
 * A saved list's name and its companies' domains for a workspace, page by page: what a
 * list-following monitor watches. Another workspace's list is NOT_FOUND, as is an unknown one.
 */
export function serveSavedListRpc(bus: Bus, pool: Pool): void {
  const lists = new SavedListDomainsRepository(pool);
  bus.serve(
    RPCS.search.savedListDomains,
    async (input) => {
      const page = await lists.page(input.workspaceId, input.listId, input.offset, input.limit);
      if (!page) throw new AppError('NOT_FOUND', `No saved list with id ${input.listId} in this workspace`);
      return { listId: input.listId, ...page };
    },
    { queue: QUEUE },
  );
}
