import type { ProviderFollowedResponse } from '@radar/contracts';
import type { ProviderSimDeps } from './deps';

export interface FollowedCompaniesQuery {
  asOf: string;
  since: string;
  offset: number;
  limit: number;
}

/** GET /v1/followed-companies: a page of the followed companies with their items from `since` to `asOf`. */
export function listFollowedCompanies(deps: Pick<ProviderSimDeps, 'followed'>, query: FollowedCompaniesQuery): ProviderFollowedResponse {
  return {
    data: deps.followed.page(query.offset, query.limit, query.since, query.asOf),
    meta: { as_of: query.asOf, since: query.since, offset: query.offset, limit: query.limit, total: deps.followed.total },
  };
}
