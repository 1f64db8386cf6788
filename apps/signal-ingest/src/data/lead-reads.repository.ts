import type { EventFamily, SignalType } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import type { NewLead } from './leads.repository';
import { namedStatement } from './named-statement';
import { SqlParams } from './sql-params';

/** Which leads a read covers: a window of days, optionally one family, and which companies. */
export interface LeadScope {
  /** YYYY-MM-DD: leads that happened on this day or later. */
  fromDay: string;
  family?: EventFamily;
  /**
   * Which companies: these (by domain), those a monitor of a workspace watches, or those none
   * does; every followed company when absent.
   */
  companies?: CompanyList | { notWatchedBy: string };
}

export interface StoredLead extends Omit<NewLead, 'plItemId'> {
  companyName: string;
}

/** A lead as a list shows it: with its company's window and whether the workspace watches the company. */
export interface ListedLead extends StoredLead {
  company: CompanyWindow;
  watched: boolean;
}

interface LeadRow {
  id: string;
  domain: string;
  company_name: string;
  signal_type: SignalType;
  category: string | null;
  family: EventFamily | null;
  headline: string;
  details: string[] | null;
  source_url: string | null;
  happened_on: string;
  found_at: Date;
  company_signals: string;
  company_families: EventFamily[] | null;
  watched: boolean;
}

const toListed = (row: LeadRow): ListedLead => ({
  id: row.id,
  domain: row.domain,
  companyName: row.company_name,
  signalType: row.signal_type,
  category: row.category,
  family: row.family,
  headline: row.headline,
  details: row.details ?? [],
  sourceUrl: row.source_url,
  happenedOn: row.happened_on,
  foundAt: row.found_at,
  company: { signals: Number(row.company_signals), families: row.company_families ?? [] },
  watched: row.watched,
});

/**
 * The leads of a page (`paged`: their ids and order keys), in one statement with their company
 * names, each company's leads in the window (`$window`) and whether the workspace (`$workspace`)
 * watches it: one round trip for the whole page.
 */
const listedLeads = (paged: string, window: string, workspace: string) => `
  SELECT l.id, l.domain, f.name AS company_name, l.signal_type, l.category, l.family, l.headline, l.details, l.source_url,
         to_char(l.happened_on, 'YYYY-MM-DD') AS happened_on, l.found_at,
         company.signals AS company_signals, company.families AS company_families,
         EXISTS (SELECT 1 FROM watched_domains w WHERE w.workspace_id = ${workspace} AND w.domain = l.domain AND w.watching) AS watched
  FROM (${paged}) AS paged
  JOIN leads l ON l.id = paged.id
  JOIN followed_companies f ON f.domain = l.domain
  CROSS JOIN LATERAL (
    SELECT count(*) AS signals, array_agg(DISTINCT c.family) FILTER (WHERE c.family IS NOT NULL) AS families
    FROM leads c WHERE c.domain = l.domain AND c.happened_on >= ${window}::date
  ) AS company
  ORDER BY paged.happened_on DESC, paged.found_at DESC, paged.id DESC`;

/** Companies given by domain, or those a monitor of a workspace watches. */
type CompanyList = { only: readonly string[] } | { watchedBy: string };

/** A company list as a FROM item `companies (domain)`. */
function companyList(params: SqlParams, companies: CompanyList): string {
  if ('only' in companies) return `unnest(${params.add(companies.only)}::text[]) AS companies (domain)`;
  return `(SELECT DISTINCT w.domain FROM watched_domains w WHERE w.workspace_id = ${params.add(companies.watchedBy)} AND w.watching) AS companies`;
}

/** Conditions on the companies of `scope`, for a table (alias) with a `domain` column. */
function companyConditions(params: SqlParams, alias: string, scope: LeadScope): string[] {
  const companies = scope.companies;
  if (!companies) return [];
  if ('only' in companies) return [`${alias}.domain = ANY(${params.add(companies.only)}::text[])`];
  const watched = (workspaceId: string) =>
    `EXISTS (SELECT 1 FROM watched_domains w WHERE w.workspace_id = ${params.add(workspaceId)} AND w.domain = ${alias}.domain AND w.watching)`;
  return 'watchedBy' in companies ? [watched(companies.watchedBy)] : [`NOT ${watched(companies.notWatchedBy)}`];
}

/** The company-latest scope key: a family, or `*` for all. */
const latestKey = (family: EventFamily | undefined): string => family ?? '*';

/** A company's signals in a window. */
export interface CompanyWindow {
  signals: number;
  families: EventFamily[];
}

/** Reads of the leads feed; the feed is the same for every workspace (only `watched` is the workspace's). */
export const leadReadsRepository = {
  /** Followed companies whose name or domain contains `text` (case ignored). */
  async companiesMatching(db: Queryable, text: string): Promise<string[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const { rows } = await db.query<{ domain: string }>(namedStatement('SELECT domain FROM followed_companies WHERE name ILIKE $1 OR domain ILIKE $1', [pattern]));
    return rows.map((row) => row.domain);
  },

  /** Leads per family ('' for none) in the window, over every company, from `lead_day_counts`. */
  async windowCountsByFamily(db: Queryable, fromDay: string): Promise<Map<string, number>> {
    const { rows } = await db.query<{ family_key: string; leads: string }>(namedStatement('SELECT family_key, sum(leads) AS leads FROM lead_day_counts WHERE happened_on >= $1::date GROUP BY family_key', [fromDay]));
    return new Map(rows.map((row) => [row.family_key, Number(row.leads)]));
  },

  /**
   * Leads per family ('' for none) of a list of companies (given, or those a workspace
   * watches), counted row by row through each company's own index range.
   */
  async countByFamily(db: Queryable, scope: LeadScope & { companies: CompanyList }): Promise<Map<string, number>> {
    const params = new SqlParams();
    const where = [`l.domain = companies.domain`, `l.happened_on >= ${params.add(scope.fromDay)}::date`];
    if (scope.family) where.push(`l.family = ${params.add(scope.family)}`);
    // OFFSET 0 keeps the subquery a per-company index read: pulled up, the planner may prefer
    // reading every lead of a long window and hashing the companies, many times slower.
    const { rows } = await db.query<{ family_key: string; leads: string }>(namedStatement(`SELECT COALESCE(l.family, '') AS family_key, count(*) AS leads
       FROM ${companyList(params, scope.companies)}
       CROSS JOIN LATERAL (SELECT l.family FROM leads l WHERE ${where.join(' AND ')} OFFSET 0) AS l
       GROUP BY 1`, params.values));
    return new Map(rows.map((row) => [row.family_key, Number(row.leads)]));
  },

  /** Companies with a lead of the scope in its window (from their newest lead). */
  async countCompanies(db: Queryable, scope: LeadScope): Promise<number> {
    const companies = scope.companies;
    if (companies && 'notWatchedBy' in companies) {
      // Every company less the watched ones: two index reads instead of a probe per company.
      const all = await leadReadsRepository.countCompanies(db, { ...scope, companies: undefined });
      return all - (await leadReadsRepository.countCompanies(db, { ...scope, companies: { watchedBy: companies.notWatchedBy } }));
    }
    const params = new SqlParams();
    const where = [`x.scope = ${params.add(latestKey(scope.family))}`, `x.happened_on >= ${params.add(scope.fromDay)}::date`];
    // A list of companies: one key lookup each (OFFSET 0 keeps the planner from turning it into a scan of every company).
    const sql = companies
      ? `SELECT count(*) AS count FROM ${companyList(params, companies)}
         CROSS JOIN LATERAL (SELECT 1 FROM lead_company_latest x WHERE x.domain = companies.domain AND ${where.join(' AND ')} OFFSET 0) AS latest`
      : `SELECT count(*) AS count FROM lead_company_latest x WHERE ${where.join(' AND ')}`;
    const { rows } = await db.query<{ count: string }>(namedStatement(sql, params.values));
    return Number(rows[0]?.count ?? 0);
  },

  /**
   * A page of the scope's leads, ordered as the leads list is: happened_on, then found_at,
   * newest first (ties by id); as the workspace sees them.
   */
  async page(db: Queryable, workspaceId: string, scope: LeadScope, page: { skip: number; limit: number }): Promise<ListedLead[]> {
    const params = new SqlParams();
    const window = params.add(scope.fromDay);
    const where = [`l.happened_on >= ${window}::date`, ...companyConditions(params, 'l', scope)];
    if (scope.family) where.push(`l.family = ${params.add(scope.family)}`);
    const paged = `SELECT l.id, l.happened_on, l.found_at FROM leads l WHERE ${where.join(' AND ')}
      ORDER BY l.happened_on DESC, l.found_at DESC, l.id DESC OFFSET ${params.add(page.skip)} LIMIT ${params.add(page.limit)}`;
    const { rows } = await db.query<LeadRow>(namedStatement(listedLeads(paged, window, params.add(workspaceId)), params.values));
    return rows.map(toListed);
  },

  /** A page of each company's newest lead of the scope, in the leads list's order; as the workspace sees them. */
  async newestPerCompanyPage(db: Queryable, workspaceId: string, scope: LeadScope, page: { skip: number; limit: number }): Promise<ListedLead[]> {
    const params = new SqlParams();
    const window = params.add(scope.fromDay);
    const where = [`x.scope = ${params.add(latestKey(scope.family))}`, `x.happened_on >= ${window}::date`, ...companyConditions(params, 'x', scope)];
    const paged = `SELECT x.lead_id AS id, x.happened_on, x.found_at FROM lead_company_latest x WHERE ${where.join(' AND ')}
      ORDER BY x.happened_on DESC, x.found_at DESC, x.lead_id DESC OFFSET ${params.add(page.skip)} LIMIT ${params.add(page.limit)}`;
    const { rows } = await db.query<LeadRow>(namedStatement(listedLeads(paged, window, params.add(workspaceId)), params.values));
    return rows.map(toListed);
  },

  /** How many companies the feed follows, and when it last received a lead (null before any). */
  async feedFacts(db: Queryable): Promise<{ companiesFollowed: number; lastReceivedAt: Date | null }> {
    const { rows } = await db.query<{ companies: string; last_received_at: Date | null }>(namedStatement(`SELECT (SELECT count(*) FROM followed_companies) AS companies, (SELECT max(last_found_at) FROM lead_day_counts) AS last_received_at`, []));
    return { companiesFollowed: Number(rows[0]?.companies ?? 0), lastReceivedAt: rows[0]?.last_received_at ?? null };
  },
};
