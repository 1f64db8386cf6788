import type { LeadsSummary, LeadsSummaryQuery } from '@radar/contracts';
import { leadFeedFacts } from '../data/lead-reads.repository';
import { inReadSnapshot } from '../data/read-snapshot';
import { familyCountsView } from './family-counts-view';
import type { SignalIngestDeps } from './deps';
import { countLeadCompanies, countLeadsByFamily, resolveLeadScope, totalOf, windowStart } from './lead-scope';

/**
 * GET /leads/summary: over the window and companies GET /leads would list, the signals
 * (`total`, as per_company=false lists them), the companies (as per_company=true does) and the
 * signals per family; and the feed's own facts, which no filter changes: the companies it
 * follows and when it last received a signal.
 */
export async function summarizeLeads(deps: Pick<SignalIngestDeps, 'pool' | 'now'>, workspaceId: string, query: LeadsSummaryQuery): Promise<LeadsSummary> {
  const fromDay = windowStart(deps.now(), query.days);
  return inReadSnapshot(deps.pool, async (db) => {
    const scope = await resolveLeadScope(db, workspaceId, { fromDay, q: query.q, hideWatched: query.hide_watched });
    const byFamily = scope ? await countLeadsByFamily(db, scope) : new Map<string, number>();
    const companies = scope ? await countLeadCompanies(db, scope) : 0;
    const feed = await leadFeedFacts(db);
    return {
      total: totalOf(byFamily),
      companies,
      by_family: familyCountsView(byFamily),
      companies_followed: feed.companiesFollowed,
      last_received_at: feed.lastReceivedAt?.toISOString() ?? null,
    };
  });
}
