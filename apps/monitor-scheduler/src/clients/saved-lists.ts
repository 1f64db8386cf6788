import { RPCS, SAVED_LIST_DOMAINS_PAGE_MAX } from '@radar/contracts';
import { isAppError } from '@radar/platform/errors';
import type { Bus } from '@radar/platform/nats';

export interface SavedListCompanies {
  name: string;
  /** The list's companies' domains, oldest addition first. */
  domains: string[];
}

/** search's saved lists, which a list-following monitor watches. */
export interface SavedLists {
  /** The list's name and domains, or undefined when the workspace has no such list. */
  companies(workspaceId: string, listId: string): Promise<SavedListCompanies | undefined>;
}

export const savedListsOverBus = (bus: Bus): SavedLists => ({
  async companies(workspaceId, listId) {
    const domains: string[] = [];
    for (let offset = 0; ; offset += SAVED_LIST_DOMAINS_PAGE_MAX) {
      let page;
      try {
        page = await bus.request(RPCS.search.savedListDomains, { workspaceId, listId, offset, limit: SAVED_LIST_DOMAINS_PAGE_MAX });
      } catch (error) {
        if (isAppError(error) && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
      domains.push(...page.domains);
      if (page.domains.length < SAVED_LIST_DOMAINS_PAGE_MAX || offset + page.domains.length >= page.total) return { name: page.name, domains };
    }
  },
});
