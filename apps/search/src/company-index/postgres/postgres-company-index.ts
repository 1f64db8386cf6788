import type { Pool, QueryResultRow } from 'pg';
import { SEARCH_TOTAL_CAP, type CompanySummary } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { writeCompanies } from '../../data/company-store.writer';
import { inTransaction } from '../../data/database';
import type {
  CompanyIndex,
  IndexedCompany,
  NormalizedFilters,
  PagePosition,
  SearchPage,
  SortSpec,
} from '../company-index';
import { FacetCache, type MatchSetSummary } from './facet-cache';
import { scalarFacetsSql, technologyFacetSql, toAggregations } from './facet-sql';
import { filterSql } from './filter-sql';
import { SqlParams } from './sql-params';
import { sortSql } from './sort-sql';

interface SummaryRow {
  id: string;
  name: string;
  domain: string;
  industry: string | null;
  employee_count: number | null;
  country: string | null;
  city: string | null;
  technologies: string[];
  founded_year: number | null;
  sort_key: unknown;
}

interface FacetRow {
  facet: string;
  value: string | null;
  count: number;
}

const QUERY_CANCELED = '57014';

/** ` WHERE a AND b` over `companies c`, or nothing when there is no condition. */
const whereOf = (conditions: string[]): string => (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '');

/** The match set's WHERE clause, with the extra conditions ANDed. */
function matchSet(filters: NormalizedFilters, params: SqlParams, extra: (params: SqlParams) => string[] = () => []) {
  const { conditions, queryPlaceholder } = filterSql(filters, params);
  return { where: whereOf([...conditions, ...extra(params)]), queryPlaceholder };
}

function toSummary(row: SummaryRow): CompanySummary {
  return {
    company_id: row.id,
    name: row.name,
    domain: row.domain,
    industry: row.industry,
    employee_count: row.employee_count,
    country: row.country,
    city: row.city,
    technologies: row.technologies,
    founded_year: row.founded_year,
  };
}

/**
 * The embedded search back-end: PostgreSQL full-text search over the service's own company
 * table. The table is the index, so upsert writes the store itself.
 */
export class PostgresCompanyIndex implements CompanyIndex {
  private readonly summaries: FacetCache;

  constructor(
    private readonly pool: Pool,
    options: { facetCacheTtlMs?: number } = {},
  ) {
    this.summaries = new FacetCache({ ttlMs: options.facetCacheTtlMs });
  }

  async search(filters: NormalizedFilters, sort: SortSpec, limit: number, after?: PagePosition): Promise<SearchPage> {
    const [page, summary] = await Promise.all([
      this.page(filters, sort, limit, after),
      this.summaries.get(filters, () => this.summarize(filters)),
    ]);
    return { items: page.rows.map(toSummary), total: summary.total, aggregations: summary.aggregations, next: page.next };
  }

  async count(filters: NormalizedFilters): Promise<number> {
    const params = new SqlParams();
    const { where } = matchSet(filters, params);
    const { rows } = await this.run<{ count: number }>(`SELECT count(*)::int AS count FROM companies c${where}`, params.values);
    return rows[0]?.count ?? 0;
  }

  async countAmong(filters: NormalizedFilters, companyIds: string[]): Promise<number> {
    if (companyIds.length === 0) return 0;
    const params = new SqlParams();
    const { where } = matchSet(filters, params, (p) => [`c.id = ANY(${p.add(companyIds)}::uuid[])`]);
    const { rows } = await this.run<{ count: number }>(`SELECT count(*)::int AS count FROM companies c${where}`, params.values);
    return rows[0]?.count ?? 0;
  }

  async matchingIds(filters: NormalizedFilters, sort: SortSpec, max: number): Promise<string[]> {
    const params = new SqlParams();
    const { where, queryPlaceholder } = matchSet(filters, params);
    const order = sortSql(sort, queryPlaceholder);
    const { rows } = await this.run<{ id: string }>(
      `SELECT c.id FROM companies c${where} ORDER BY ${order.key} ${order.direction}, c.id ASC LIMIT ${params.add(max)}::int`,
      params.values,
    );
    return rows.map((row) => row.id);
  }

  async upsert(companies: IndexedCompany[]): Promise<void> {
    if (companies.length === 0) return;
    await inTransaction(this.pool, (client) => writeCompanies(client, companies, 'replace'));
    this.summaries.clear();
  }

  /** Committed rows are visible at once; what is left to do is forget facets counted before the write. */
  async refresh(): Promise<void> {
    this.summaries.clear();
  }

  private async page(filters: NormalizedFilters, sort: SortSpec, limit: number, after?: PagePosition) {
    const params = new SqlParams();
    const { conditions, queryPlaceholder } = filterSql(filters, params);
    const order = sortSql(sort, queryPlaceholder);
    if (after) conditions.push(order.after(after, params));
    const { rows } = await this.run<SummaryRow>(
      `SELECT c.id, c.name, c.domain, c.industry, c.employee_count, c.country, c.city, c.technologies, c.founded_year,
              ${order.key} AS sort_key
       FROM companies c${whereOf(conditions)}
       ORDER BY ${order.key} ${order.direction}, c.id ASC
       LIMIT ${params.add(limit + 1)}::int`,
      params.values,
    );
    const pageRows = rows.slice(0, limit);
    const last = pageRows[pageRows.length - 1];
    const next = rows.length > limit && last ? order.positionOf(last.sort_key, last.id) : undefined;
    return { rows: pageRows, next };
  }

  private async summarize(filters: NormalizedFilters): Promise<MatchSetSummary> {
    const [total, scalar, technologies] = await Promise.all([
      this.cappedCount(filters),
      this.facets(filters, scalarFacetsSql),
      this.facets(filters, technologyFacetSql),
    ]);
    return { total, aggregations: toAggregations([...scalar, ...technologies]) };
  }

  /** Stops counting at the cap: a broad search does not pay for an exact count it will not show. */
  private async cappedCount(filters: NormalizedFilters): Promise<number> {
    const params = new SqlParams();
    const { where } = matchSet(filters, params);
    const { rows } = await this.run<{ count: number }>(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM companies c${where} LIMIT ${SEARCH_TOTAL_CAP}) AS capped`,
      params.values,
    );
    return rows[0]?.count ?? 0;
  }

  private async facets(filters: NormalizedFilters, sql: (where: string) => string): Promise<FacetRow[]> {
    const params = new SqlParams();
    const { where } = matchSet(filters, params);
    return (await this.run<FacetRow>(sql(where), params.values)).rows;
  }

  private async run<Row extends QueryResultRow>(sql: string, values: unknown[]): Promise<{ rows: Row[] }> {
    try {
      return await this.pool.query<Row>(sql, values);
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The search took too long and was cancelled; narrow the filters or retry');
      }
      throw error;
    }
  }
}
