import type { LeadsPage, ListLeadsQuery } from '@radar/contracts';
import { leadsPage, newestLeadPerCompanyPage } from '../data/lead-reads.repository';
import { inReadSnapshot } from '../data/read-snapshot';
import { leadView } from './lead-view';
import type { SignalIngestDeps } from './deps';
import { countLeadCompanies, countLeadsByFamily, resolveLeadScope, totalOf, windowStart } from './lead-scope';

/**
 * GET /leads: the followed companies' events that happened in the last `days` days, ordered by
 * happened_on, then found_at, newest first (decisions.md). `per_company` lists each company's
 * newest one; `watched`, `company_signals` and `company_families` describe the company as the
 * workspace sees it in the same window.
 */
export async function listLeads(deps: Pick<SignalIngestDeps, 'pool' | 'now'>, workspaceId: string, query: ListLeadsQuery): Promise<LeadsPage> {
  const { limit, offset } = query;
  const fromDay = windowStart(deps.now(), query.days);
  return inReadSnapshot(deps.pool, async (db) => {
    const scope = await resolveLeadScope(db, workspaceId, { fromDay, family: query.family, q: query.q, domain: query.domain, hideWatched: query.hide_watched });
    if (scope === null) return { items: [], total: 0, limit, offset };
    const total = query.per_company ? await countLeadCompanies(db, scope) : totalOf(await countLeadsByFamily(db, scope));
    if (offset >= total) return { items: [], total, limit, offset };
    const leads = query.per_company
      ? await newestLeadPerCompanyPage(db, workspaceId, scope, { skip: offset, limit })
      : await leadsPage(db, workspaceId, scope, { skip: offset, limit });
    return { items: leads.map(leadView), total, limit, offset };
  });
}
