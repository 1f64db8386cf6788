import type { Pool, QueryResultRow } from 'pg';
import { SEARCH_TOTAL_CAP, type CompanySummary } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { writeCompanies } from './company-store.writer';
import { inTransaction } from '@radar/platform/database';
import type {
  CompanyIndex,
  DomainOwner,
  IndexedCompany,
  NameMatches,
  NameQuery,
  NormalizedFilters,
  PagePosition,
  SearchPage,
  SimilarMatch,
  SimilarQuery,
  SortSpec,
} from '@radar/company-index';
import { SUMMARY_COLUMNS, toCompanySummary, type SummaryRow } from './company-summary-row';
import { FacetCache, type MatchSetSummary } from './facet-cache';
import { FACET_COLUMNS, FACETS_OF_M, liveCountSql, liveFacetsSql, subtractCounts, toAggregations, toFacetCounts, type FacetCounts, type FacetRow } from './facet-sql';
import { FRESH_MARKER, READ_SUMMARIES_SQL, summaryTerms, type SummaryTerm } from './facet-summaries';
import { rebuildFacetSummaries } from './facet-summaries-rebuild';
import { excludedPiecesSql, filterSql } from './filter-sql';
import { PostgresCompanyLists } from './postgres-company-lists';
import { PostingsSearch, type PostingsMatchSet } from './postings-search';
import { rebuildSearchPostings } from './search-postings-rebuild';
import { RANKED_PREFIX_ROWS, RankedPrefixCache } from './ranked-prefix-cache';
import { SqlParams } from './sql-params';
import { sortSql, unindexedOrderKey, type KeyedRow } from './sort-sql';

/** A summary row with the key of its place in the sort. */
type KeyedSummaryRow = SummaryRow & { sort_key: unknown };

const QUERY_CANCELED = '57014';

/** ` WHERE a AND b` over `companies c`, or nothing when there is no condition. */
const whereOf = (conditions: string[]): string => (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '');

/** The match set's WHERE clause, with the extra conditions ANDed. */
function matchSet(filters: NormalizedFilters, params: SqlParams, extra: (params: SqlParams) => string[] = () => []) {
  const { conditions, queryPlaceholder } = filterSql(filters, params);
  return { where: whereOf([...conditions, ...extra(params)]), queryPlaceholder };
}

/** What exclude_industries and exclude_keywords take away from a summed match set, counted live. */
interface ExcludedPart {
  base: NormalizedFilters;
  industries?: string[];
  keywords?: string[];
}

/** A summary plan: summed summary rows, minus the companies of `excluded` among them. */
interface SummaryPlan {
  terms: SummaryTerm[];
  excluded?: ExcludedPart;
}

const nonEmpty = (values: string[] | undefined): values is string[] => values !== undefined && values.length > 0;

/**
 * How the summaries can count a match set: summed directly, or, when exclusions are what
 * stops that, as the set without them minus the companies they exclude (a smaller set the
 * indexes find: an industry, a keyword phrase). Exact: counts of a subset subtract.
 */
function summaryPlan(filters: NormalizedFilters): SummaryPlan | undefined {
  const { excludeKeywords, ...withoutKeywords } = filters;
  const direct = summaryTerms(withoutKeywords);
  if (direct) return { terms: direct, excluded: nonEmpty(excludeKeywords) ? { base: withoutKeywords, keywords: excludeKeywords } : undefined };
  const { excludeIndustries, ...base } = withoutKeywords;
  if (!nonEmpty(excludeIndustries)) return undefined;
  const terms = summaryTerms(base);
  return terms && { terms, excluded: { base, industries: excludeIndustries, keywords: excludeKeywords } };
}

/** The WHERE clauses of the excluded part: the base filters with each disjoint piece of what is excluded. */
const excludedWheres = (part: ExcludedPart, params: SqlParams): string[] =>
  excludedPiecesSql(part, params).map((piece) => matchSet(part.base, params, () => [piece]).where);

/**
 * Below this many matches a page sorts the whole match set (at most a few thousand rows read
 * through the filter indexes, ~20 ms) instead of walking a sort index until enough rows pass
 * the filters, which is fast for common values but unbounded when the matches sit late in
 * the sort order (a rare industry among low quality scores took 450 ms at 1M companies).
 */
const SMALL_MATCH_SET = 5_000;

/** Relevance by text score: the order whose pages are costly to compute (every match is scored). */
const isRanked = (filters: NormalizedFilters, sort: SortSpec): boolean =>
  sort.field === 'relevance' && sort.hasQuery && filters.query !== undefined;

/** The page position of a row in a relevance order: its text score. */
const scorePosition = (key: unknown, id: string): PagePosition => ({ key: Number(key), id });

const toSearchSummary = (counts: FacetCounts): MatchSetSummary => ({
  total: Math.min(counts.total, SEARCH_TOTAL_CAP),
  aggregations: toAggregations(counts),
});

interface PageWithFacetsRow extends KeyedSummaryRow {
  facet: string | null;
  value: string | null;
  count: number | null;
  ord: number | null;
}

/**
 * The embedded search back-end: PostgreSQL full-text search over the service's own company
 * table. The table is the index, so upsert writes the store itself.
 *
 * Totals and facets of a match set come, cheapest first, from: the in-process cache (paging
 * asks for the same match set again); the facet summaries, when the filters constrain one
 * summarised dimension (a sum over a few hundred rows, exact while the summaries are at the
 * current data version); or one pass over the match set, in the same statement as the first
 * page (docs/performance.md).
 */
export class PostgresCompanyIndex implements CompanyIndex {
  private readonly summaries: FacetCache;
  private readonly ranked: RankedPrefixCache;
  private readonly minSummarisedCityCompanies: number | undefined;
  private readonly postings: PostingsSearch | undefined;
  private readonly lists: PostgresCompanyLists;

  /**
   * `minSummarisedCityCompanies`: for tests, whose cities hold a few companies (default MIN_SUMMARISED_CITY_COMPANIES).
   * `postingsSearch`: false searches live only (tests compare both paths).
   * `onBackgroundError`: told when loading the in-memory columns in the background fails (searches run live meanwhile).
   */
  constructor(
    private readonly pool: Pool,
    options: {
      facetCacheTtlMs?: number;
      minSummarisedCityCompanies?: number;
      postingsSearch?: boolean;
      onBackgroundError?: (error: unknown) => void;
    } = {},
  ) {
    this.summaries = new FacetCache({ ttlMs: options.facetCacheTtlMs });
    this.ranked = new RankedPrefixCache({ ttlMs: options.facetCacheTtlMs });
    this.minSummarisedCityCompanies = options.minSummarisedCityCompanies;
    this.postings = options.postingsSearch === false ? undefined : new PostingsSearch(pool, options.onBackgroundError);
    this.lists = new PostgresCompanyLists(pool);
  }

  domainOwners(domains: string[]): Promise<DomainOwner[]> {
    return this.lists.domainOwners(domains);
  }

  async nameCandidates(queries: NameQuery[]): Promise<NameMatches[]> {
    const names = await this.lists.nameIndex();
    return queries.map((query) => names.match(query));
  }

  summariesOf(ids: string[]): Promise<CompanySummary[]> {
    return this.lists.summariesOf(ids);
  }

  similar(query: SimilarQuery): Promise<SimilarMatch[]> {
    return this.lists.similar(query);
  }

  async search(filters: NormalizedFilters, sort: SortSpec, limit: number, after?: PagePosition): Promise<SearchPage> {
    const matched = await this.postingsMatchSet(filters);
    if (matched) return this.searchPostingsMatchSet(matched, filters, sort, limit, after);
    const known = this.summaries.peek(filters);
    if (known === undefined && after === undefined && summaryPlan(filters) === undefined) {
      return this.firstPageWithFacets(filters, sort, limit);
    }
    // The summary first (kept, or a sum over the summaries: a few ms), because its total picks the page's plan.
    const summary = await (known ?? this.summaries.get(filters, async () => toSearchSummary(await this.facetCounts(filters))));
    const page = await this.keptOrReadPage(filters, sort, limit, after, summary.total < SMALL_MATCH_SET);
    return { items: page.rows.map(toCompanySummary), total: summary.total, aggregations: summary.aggregations, next: page.next };
  }

  async count(filters: NormalizedFilters): Promise<number> {
    const matched = await this.postingsMatchSet(filters);
    if (matched) return matched.size;
    const plan = summaryPlan(filters);
    const summed = plan && (await this.fromSummaries(plan.terms));
    if (!plan || !summed) return this.liveCount((params) => [matchSet(filters, params).where]);
    const { excluded } = plan;
    return summed.total - (excluded ? await this.liveCount((params) => excludedWheres(excluded, params)) : 0);
  }

  async countAmong(filters: NormalizedFilters, companyIds: string[]): Promise<number> {
    if (companyIds.length === 0) return 0;
    const matched = await this.postingsMatchSet(filters);
    if (matched) return matched.countAmong(companyIds);
    const params = new SqlParams();
    const { where } = matchSet(filters, params, (p) => [`c.id = ANY(${p.add(companyIds)}::uuid[])`]);
    const { rows } = await this.run<{ count: number }>(`SELECT count(*)::int AS count FROM companies c${where}`, params.values);
    return rows[0]?.count ?? 0;
  }

  async matchingIds(filters: NormalizedFilters, sort: SortSpec, max: number, among?: readonly string[]): Promise<string[]> {
    if (among?.length === 0) return [];
    const params = new SqlParams();
    const { where, queryPlaceholder } = matchSet(filters, params, (p) => (among ? [`c.id = ANY(${p.add([...among])}::uuid[])`] : []));
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
    this.forget();
  }

  /**
   * After writes (a dataset load ends here): forget facets counted before them, and when the
   * data changed since the facet summaries were built, vacuum (so counts can be index-only
   * scans) and rebuild the summaries.
   */
  async refresh(): Promise<void> {
    this.forget();
    await rebuildFacetSummaries(this.pool, this.minSummarisedCityCompanies);
    if (this.postings) {
      await rebuildSearchPostings(this.pool);
      await this.postings.load();
    }
    await Promise.all([this.lists.nameIndex(), this.lists.similarityColumns()]);
    this.forget();
  }

  /** Loads the in-memory columns when the postings are current (at service start). */
  async warmUp(): Promise<void> {
    await Promise.all([this.postings?.load(), this.lists.nameIndex(), this.lists.similarityColumns()]);
  }

  /** The match set decided from the postings; undefined when that path does not apply or is not current. */
  private async postingsMatchSet(filters: NormalizedFilters): Promise<PostingsMatchSet | undefined> {
    return this.postings?.handles(filters) ? this.postings.match(filters) : undefined;
  }

  /** A page of a postings match set: counts from memory, rows by id (by name, read with SQL). */
  private async searchPostingsMatchSet(
    matched: PostingsMatchSet,
    filters: NormalizedFilters,
    sort: SortSpec,
    limit: number,
    after: PagePosition | undefined,
  ): Promise<SearchPage> {
    const summary = await this.summaries.get(filters, async () => toSearchSummary(matched.counts()));
    const kept = matched.rows(sort, limit + 1, after);
    // Relevance keys are scores; numeric keys are as numericSort selects them.
    const positionOf = isRanked(filters, sort) ? scorePosition : sortSql(sort, undefined).positionOf;
    const page = (kept && (await this.pageOfIds(kept, limit, positionOf))) ?? (await this.page(filters, sort, limit, after, summary.total < SMALL_MATCH_SET));
    return { items: page.rows.map(toCompanySummary), total: summary.total, aggregations: summary.aggregations, next: page.next };
  }

  /** Everything this process counted or ranked before a write. */
  private forget(): void {
    this.summaries.clear();
    this.ranked.clear();
  }

  /** A relevance page from the kept order of its first page when it holds the rows; otherwise read. */
  private async keptOrReadPage(filters: NormalizedFilters, sort: SortSpec, limit: number, after: PagePosition | undefined, small: boolean) {
    const kept = isRanked(filters, sort) ? this.ranked.rows(filters, sort, after, limit + 1) : undefined;
    const page = kept && (await this.pageOfIds(kept, limit, scorePosition));
    return page ?? this.page(filters, sort, limit, after, small);
  }

  /** The page of these rows (in this order), read by id; undefined when one of them is gone. */
  private async pageOfIds(kept: KeyedRow[], limit: number, positionOf: (key: unknown, id: string) => PagePosition) {
    const { rows } = await this.run<KeyedSummaryRow>(
      `SELECT ${SUMMARY_COLUMNS}, NULL AS sort_key
       FROM companies c WHERE c.id = ANY($1::uuid[])`,
      [kept.map((row) => row.id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered: KeyedSummaryRow[] = [];
    for (const row of kept) {
      const found = byId.get(row.id);
      if (!found) return undefined;
      ordered.push({ ...found, sort_key: row.key });
    }
    return this.pageOf(ordered, limit, positionOf);
  }

  /** Companies matching any of the (disjoint) WHERE clauses `wheresOf` writes. */
  private async liveCount(wheresOf: (params: SqlParams) => string[]): Promise<number> {
    const params = new SqlParams();
    const { rows } = await this.run<{ count: number }>(liveCountSql(wheresOf(params)), params.values);
    return rows[0]?.count ?? 0;
  }

  /** `small`: the match set is small enough to sort whole rather than to find along a sort index (SMALL_MATCH_SET). */
  private async page(filters: NormalizedFilters, sort: SortSpec, limit: number, after: PagePosition | undefined, small: boolean) {
    const params = new SqlParams();
    const { conditions, queryPlaceholder } = filterSql(filters, params);
    const order = sortSql(sort, queryPlaceholder);
    if (after) conditions.push(order.after(after, params));
    const orderKey = small ? unindexedOrderKey(sort, order.key) : order.key;
    const { rows } = await this.run<KeyedSummaryRow>(
      `SELECT ${SUMMARY_COLUMNS},
              ${order.key} AS sort_key
       FROM companies c${whereOf(conditions)}
       ORDER BY ${orderKey} ${order.direction}, c.id ASC
       LIMIT ${params.add(limit + 1)}::int`,
      params.values,
    );
    return this.pageOf(rows, limit, order.positionOf);
  }

  private pageOf(rows: KeyedSummaryRow[], limit: number, positionOf: (key: unknown, id: string) => PagePosition) {
    const pageRows = rows.slice(0, limit);
    const last = pageRows[pageRows.length - 1];
    const next = rows.length > limit && last ? positionOf(last.sort_key, last.id) : undefined;
    return { rows: pageRows, next };
  }

  /**
   * The first page of a match set the summaries cannot count, with its total and facets, in
   * one statement: the matches are read once (materialised with their sort key and facet
   * columns) instead of once for the page and again for the facets. The summary is kept for
   * the following pages.
   */
  private async firstPageWithFacets(filters: NormalizedFilters, sort: SortSpec, limit: number): Promise<SearchPage> {
    const params = new SqlParams();
    const { where, queryPlaceholder } = matchSet(filters, params);
    const order = sortSql(sort, queryPlaceholder);
    const ordering = `m.sort_key ${order.direction}, m.id ASC`;
    const ranked = isRanked(filters, sort);
    // A relevance order keeps its leading rows for the pages after this one; only this page's rows are read in full.
    const pageRows = params.add(limit + 1);
    const topRows = ranked ? params.add(Math.max(limit + 1, RANKED_PREFIX_ROWS)) : pageRows;
    const statement = this.run<PageWithFacetsRow>(
      `WITH m AS MATERIALIZED (SELECT c.id, ${order.key} AS sort_key, ${FACET_COLUMNS} FROM companies c${where}),
            top AS (SELECT m.id, m.sort_key FROM m ORDER BY ${ordering} LIMIT ${topRows}::int),
            page AS (SELECT m.id, m.sort_key, row_number() OVER (ORDER BY ${ordering}) AS ord FROM top AS m)
       SELECT NULL::text AS facet, NULL::text AS value, NULL::int AS count, p.ord::int AS ord,
              p.id, c.name, c.domain, c.industry, c.employee_count, c.country, c.city, c.technologies, c.founded_year,
              p.sort_key
       FROM page p LEFT JOIN companies c ON c.id = p.id AND p.ord <= ${pageRows}::int
       UNION ALL
       SELECT f.facet, f.value, f.count, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM (${FACETS_OF_M}) AS f`,
      params.values,
    );
    const summary = this.summaries.put(
      filters,
      statement.then(({ rows }) => toSearchSummary(toFacetCounts(rows.filter((row): row is PageWithFacetsRow & FacetRow => row.facet !== null)))),
    );
    // Awaited below; this only keeps a failed statement from also surfacing as an unhandled rejection.
    summary.catch(() => undefined);
    const { rows } = await statement;
    const ordered = rows.filter((row) => row.facet === null).sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0));
    if (ranked) {
      const top = Math.max(limit + 1, RANKED_PREFIX_ROWS);
      this.ranked.put(filters, sort, { rows: ordered.map((row) => ({ key: Number(row.sort_key), id: row.id })), complete: ordered.length < top });
    }
    const page = this.pageOf(ordered.slice(0, limit + 1), limit, order.positionOf);
    const { total, aggregations } = await summary;
    return { items: page.rows.map(toCompanySummary), total, aggregations, next: page.next };
  }

  /** Total and every facet value of the match set, by the cheapest exact way available. */
  private async facetCounts(filters: NormalizedFilters): Promise<FacetCounts> {
    const plan = summaryPlan(filters);
    const summed = plan && (await this.fromSummaries(plan.terms));
    if (plan && summed) {
      const { excluded } = plan;
      return excluded ? subtractCounts(summed, await this.liveFacets((params) => excludedWheres(excluded, params))) : summed;
    }
    return this.liveFacets((params) => [matchSet(filters, params).where]);
  }

  /** Undefined while the summaries are not at the current data version (being rebuilt, or written since). */
  private async fromSummaries(terms: SummaryTerm[]): Promise<FacetCounts | undefined> {
    const { rows } = await this.run<FacetRow>(READ_SUMMARIES_SQL, [
      terms.map((term) => term.dim),
      terms.map((term) => term.value),
      terms.map((term) => term.sign),
    ]);
    if (!rows.some((row) => row.facet === FRESH_MARKER)) return undefined;
    return toFacetCounts(rows.filter((row) => row.facet !== FRESH_MARKER));
  }

  /** Total and facets of the companies matching any of the (disjoint) WHERE clauses `wheresOf` writes. */
  private async liveFacets(wheresOf: (params: SqlParams) => string[]): Promise<FacetCounts> {
    const params = new SqlParams();
    return toFacetCounts((await this.run<FacetRow>(liveFacetsSql(wheresOf(params)), params.values)).rows);
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
