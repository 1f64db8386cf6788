import type { EventFamily } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import {
  countCompaniesWithLeads,
  followedCompaniesMatching,
  leadsByFamilyInWindow,
  leadsByFamilyOfCompanies,
  type LeadScope,
} from '../data/lead-reads.repository';
import { watchedFollowedDomains } from '../data/watched-domains.repository';

const DAY_MS = 86_400_000;

/** The first day (YYYY-MM-DD) of a window of `days` UTC days that ends today (today included). */
export const windowStart = (now: Date, days: number): string => new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);

export interface LeadFilters {
  fromDay: string;
  family?: EventFamily;
  q?: string;
  domain?: string;
  hideWatched: boolean;
}

/**
 * Which companies a leads read covers: those whose name or domain contains `q`, the one
 * `domain`, and without those a monitor of the workspace watches. Null when no company can
 * match (the read is empty). A short list of companies is resolved here, so that the queries
 * read those companies' rows only; "every company but the watched" stays a condition the
 * database joins.
 */
export async function resolveLeadScope(db: Queryable, workspaceId: string, filters: LeadFilters): Promise<LeadScope | null> {
  let only: string[] | undefined;
  if (filters.q !== undefined) only = await followedCompaniesMatching(db, filters.q);
  if (filters.domain !== undefined) only = only === undefined || only.includes(filters.domain) ? [filters.domain] : [];
  if (only !== undefined && filters.hideWatched) {
    const watched = new Set(await watchedFollowedDomains(db, workspaceId, only));
    only = only.filter((domain) => !watched.has(domain));
  }
  if (only !== undefined && only.length === 0) return null;
  const companies = only !== undefined ? { only } : filters.hideWatched ? { notWatchedBy: workspaceId } : undefined;
  return { fromDay: filters.fromDay, family: filters.family, companies };
}

/**
 * Leads per family ('' for none) in the scope. Over every company the per-day counts answer,
 * less the watched companies' own leads when those are hidden; for a list of companies, their
 * leads are counted.
 */
export async function countLeadsByFamily(db: Queryable, scope: LeadScope): Promise<Map<string, number>> {
  if (scope.companies && 'only' in scope.companies) return leadsByFamilyOfCompanies(db, { ...scope, companies: scope.companies });
  const counts = await leadsByFamilyInWindow(db, scope.fromDay);
  if (scope.companies && 'notWatchedBy' in scope.companies) {
    const watched = await leadsByFamilyOfCompanies(db, { fromDay: scope.fromDay, companies: { watchedBy: scope.companies.notWatchedBy } });
    for (const [family, leads] of watched) counts.set(family, (counts.get(family) ?? 0) - leads);
  }
  if (scope.family !== undefined) return new Map([[scope.family, counts.get(scope.family) ?? 0]]);
  return counts;
}

/**
 * Companies with a lead of the scope in its window. Every company less the watched ones is two
 * index reads (all, then the watched) instead of a probe per company.
 */
export async function countLeadCompanies(db: Queryable, scope: LeadScope): Promise<number> {
  const { companies, ...window } = scope;
  if (companies && 'notWatchedBy' in companies) {
    const all = await countCompaniesWithLeads(db, window);
    return all - (await countCompaniesWithLeads(db, { ...window, companies: { watchedBy: companies.notWatchedBy } }));
  }
  return countCompaniesWithLeads(db, { ...window, companies });
}

export const totalOf = (counts: ReadonlyMap<string, number>): number => [...counts.values()].reduce((sum, count) => sum + count, 0);
