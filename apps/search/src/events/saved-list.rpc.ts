import { RPCS } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';
import type { SearchDeps } from '../use-cases/deps';
import { savedListDomainsPage } from '../use-cases/saved-list-domains';

/** Queue group: each request goes to one search replica. */
const QUEUE = 'search';

/** A saved list's name and its companies' domains for a workspace, page by page: what a list-following monitor watches. */
export function serveSavedListRpc(bus: Bus, deps: Pick<SearchDeps, 'pool'>): void {
  bus.serve(RPCS.search.savedListDomains, (input) => savedListDomainsPage(deps, input), { queue: QUEUE });
}
