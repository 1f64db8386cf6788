import { z } from 'zod';
import { eventFamilySchema, signalTypeSchema, type EventFamily } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { namedStatement } from './named-statement';
import { bigintCount, countRow, domainRow } from './row-schemas';
import { SqlParams } from './sql-params';

/**
 * Reads of the leads feed; the feed is the same for every workspace (only `watched` is the
 * workspace's).
 */

/** Companies given by domain, or those a monitor of a workspace watches. */
export type CompanyList = { only: readonly string[] } | { watchedBy: string };

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

const listedLeadRow = z
  .object({
    id: z.string(),
    domain: z.string(),
    company_name: z.string(),
    signal_type: signalTypeSchema,
    category: z.string().nullable(),
    family: eventFamilySchema.nullable(),
    headline: z.string(),
    details: z.array(z.string()).nullable(),
    source_url: z.string().nullable(),
    happened_on: z.string(),
    found_at: z.date(),
    company_signals: bigintCount,
    company_families: z.array(eventFamilySchema).nullable(),
    watched: z.boolean(),
  })
  .transform((row) => ({
    id: row.id,
    domain: row.domain,
    companyName: row.company_name,
    signalType: row.signal_type,
    category: row.category,
    family: row.family,
    headline: row.headline,
    details: row.details ?? [],
    sourceUrl: row.source_url,
    /** YYYY-MM-DD. */
    happenedOn: row.happened_on,
    foundAt: row.found_at,
    /** The company's leads in the read's window. */
    company: { signals: row.company_signals, families: row.company_families ?? [] },
    /** Whether a monitor of the reading workspace watches the company. */
    watched: row.watched,
  }));

/** A lead as a list shows it: with its company's window and whether the workspace watches the company. */
export type ListedLead = z.output<typeof listedLeadRow>;

const familyCountRow = z.object({ family_key: z.string(), leads: bigintCount });

const feedFactsRow = z
  .object({ companies: bigintCount, last_received_at: z.date().nullable() })
  .transform((row) => ({ companiesFollowed: row.companies, lastReceivedAt: row.last_received_at }));

const familyCounts = (rows: unknown[]): Map<string, number> =>
  new Map(rows.map((row) => familyCountRow.parse(row)).map((row) => [row.family_key, row.leads]));

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

/** Followed companies whose name or domain contains `text` (case ignored). */
export async function followedCompaniesMatching(db: Queryable, text: string): Promise<string[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const { rows } = await db.query(namedStatement('SELECT domain FROM followed_companies WHERE name ILIKE $1 OR domain ILIKE $1', [pattern]));
  return rows.map((row) => domainRow.parse(row).domain);
}

/** Leads per family ('' for none) in the window, over every company, from `lead_day_counts`. */
export async function leadsByFamilyInWindow(db: Queryable, fromDay: string): Promise<Map<string, number>> {
  const { rows } = await db.query(namedStatement('SELECT family_key, sum(leads) AS leads FROM lead_day_counts WHERE happened_on >= $1::date GROUP BY family_key', [fromDay]));
  return familyCounts(rows);
}

/**
 * Leads per family ('' for none) of a list of companies (given, or those a workspace
 * watches), counted row by row through each company's own index range.
 */
export async function leadsByFamilyOfCompanies(db: Queryable, scope: LeadScope & { companies: CompanyList }): Promise<Map<string, number>> {
  const params = new SqlParams();
  const where = [`l.domain = companies.domain`, `l.happened_on >= ${params.add(scope.fromDay)}::date`];
  if (scope.family) where.push(`l.family = ${params.add(scope.family)}`);
  // OFFSET 0 keeps the subquery a per-company index read: pulled up, the planner may prefer
  // reading every lead of a long window and hashing the companies, many times slower.
  const { rows } = await db.query(namedStatement(`SELECT COALESCE(l.family, '') AS family_key, count(*) AS leads
     FROM ${companyList(params, scope.companies)}
     CROSS JOIN LATERAL (SELECT l.family FROM leads l WHERE ${where.join(' AND ')} OFFSET 0) AS l
     GROUP BY 1`, params.values));
  return familyCounts(rows);
}

/** Companies with a lead of the scope in its window (from their newest lead): every followed company, or those of a list. */
export async function countCompaniesWithLeads(db: Queryable, scope: LeadScope & { companies?: CompanyList }): Promise<number> {
  const params = new SqlParams();
  const where = [`x.scope = ${params.add(latestKey(scope.family))}`, `x.happened_on >= ${params.add(scope.fromDay)}::date`];
  // A list of companies: one key lookup each (OFFSET 0 keeps the planner from turning it into a scan of every company).
  const sql = scope.companies
    ? `SELECT count(*) AS count FROM ${companyList(params, scope.companies)}
       CROSS JOIN LATERAL (SELECT 1 FROM lead_company_latest x WHERE x.domain = companies.domain AND ${where.join(' AND ')} OFFSET 0) AS latest`
    : `SELECT count(*) AS count FROM lead_company_latest x WHERE ${where.join(' AND ')}`;
  const { rows } = await db.query(namedStatement(sql, params.values));
  return countRow.parse(rows[0]).count;
}

/**
 * A page of the scope's leads, ordered as the leads list is: happened_on, then found_at,
 * newest first (ties by id); as the workspace sees them.
 */
export async function leadsPage(db: Queryable, workspaceId: string, scope: LeadScope, page: { skip: number; limit: number }): Promise<ListedLead[]> {
  const params = new SqlParams();
  const window = params.add(scope.fromDay);
  const where = [`l.happened_on >= ${window}::date`, ...companyConditions(params, 'l', scope)];
  if (scope.family) where.push(`l.family = ${params.add(scope.family)}`);
  const paged = `SELECT l.id, l.happened_on, l.found_at FROM leads l WHERE ${where.join(' AND ')}
    ORDER BY l.happened_on DESC, l.found_at DESC, l.id DESC OFFSET ${params.add(page.skip)} LIMIT ${params.add(page.limit)}`;
  const { rows } = await db.query(namedStatement(listedLeads(paged, window, params.add(workspaceId)), params.values));
  return rows.map((row) => listedLeadRow.parse(row));
}

/** A page of each company's newest lead of the scope, in the leads list's order; as the workspace sees them. */
export async function newestLeadPerCompanyPage(db: Queryable, workspaceId: string, scope: LeadScope, page: { skip: number; limit: number }): Promise<ListedLead[]> {
  const params = new SqlParams();
  const window = params.add(scope.fromDay);
  const where = [`x.scope = ${params.add(latestKey(scope.family))}`, `x.happened_on >= ${window}::date`, ...companyConditions(params, 'x', scope)];
  const paged = `SELECT x.lead_id AS id, x.happened_on, x.found_at FROM lead_company_latest x WHERE ${where.join(' AND ')}
    ORDER BY x.happened_on DESC, x.found_at DESC, x.lead_id DESC OFFSET ${params.add(page.skip)} LIMIT ${params.add(page.limit)}`;
  const { rows } = await db.query(namedStatement(listedLeads(paged, window, params.add(workspaceId)), params.values));
  return rows.map((row) => listedLeadRow.parse(row));
}

/** How many companies the feed follows, and when it last received a lead (null before any). */
export async function leadFeedFacts(db: Queryable): Promise<z.output<typeof feedFactsRow>> {
  const { rows } = await db.query(namedStatement(`SELECT (SELECT count(*) FROM followed_companies) AS companies, (SELECT max(last_found_at) FROM lead_day_counts) AS last_received_at`, []));
  return feedFactsRow.parse(rows[0]);
}
