import type { Client, estypes } from '@elastic/elasticsearch';
import type { Aggregations } from '@radar/contracts';
import type { NormalizedFilters } from '@radar/company-index';
import { z } from 'zod';
import type { FacetShardSizes } from './facet-aggregations';
import { MAX_FACET_SHARD_SIZE } from './facet-shard-sizes';
import { buildSummaryRequest } from './search-request';
import { parseSummary, type MatchSetSummary } from './search-response';
import { assertWholeAnswer, multiSearchAnswer } from './unavailable-cluster';

/**
 * The precomputed views: the unfiltered index and each one-value filter of the dimensions the
 * PostgreSQL engine summarises (facet-summaries.ts there: country, city, industry, employee
 * band, NAICS sector, technology, founded year, and founded from or until a year), each with the total and the facets its
 * search would count. A feed computes them on the fed index before the swap, with the very
 * summary request a search sends, so a search of one of these filters answers them without
 * an aggregation.
 */
export type FacetViewDimension =
  | 'all'
  | 'country'
  | 'city'
  | 'industry'
  | 'employee_count'
  | 'naics_sector'
  | 'technology'
  | 'founded_year'
  | 'founded_from'
  | 'founded_until';

interface DimensionOfView {
  /** The indexed field whose values are the dimension's views. */
  field: string;
  /** Only values held by at least this many companies get a view. */
  minCompanies: number;
  filters(value: string): NormalizedFilters;
}

/**
 * Cities only from 500 companies on, as the PostgreSQL engine (MIN_SUMMARISED_CITY_COMPANIES):
 * a small city's match set is cheap to count live, and there are tens of thousands of them.
 */
export const MIN_VIEW_CITY_COMPANIES = 500;

const DIMENSIONS: Record<Exclude<FacetViewDimension, 'all'>, DimensionOfView> = {
  country: { field: 'country', minCompanies: 1, filters: (value) => ({ countries: [value] }) },
  city: { field: 'city', minCompanies: MIN_VIEW_CITY_COMPANIES, filters: (value) => ({ cities: [value] }) },
  industry: { field: 'industry', minCompanies: 1, filters: (value) => ({ industries: [value] }) },
  employee_count: { field: 'employee_count', minCompanies: 1, filters: (value) => ({ employeeCounts: [Number(value)] }) },
  naics_sector: { field: 'naics_prefix', minCompanies: 1, filters: (value) => ({ naicsPrefixes: [value] }) },
  technology: { field: 'technologies', minCompanies: 1, filters: (value) => ({ technologies: [value] }) },
  founded_year: { field: 'founded_year', minCompanies: 1, filters: (value) => ({ foundedYearMin: Number(value), foundedYearMax: Number(value) }) },
  // Open ranges of a year held by some company: stored facets are top 20s, which cannot be summed over years.
  founded_from: { field: 'founded_year', minCompanies: 1, filters: (value) => ({ foundedYearMin: Number(value) }) },
  founded_until: { field: 'founded_year', minCompanies: 1, filters: (value) => ({ foundedYearMax: Number(value) }) },
};

const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Exclude<FacetViewDimension, 'all'>[];

export interface FacetView {
  dimension: FacetViewDimension;
  value: string;
}

const one = (values: readonly (string | number)[] | undefined): string | undefined => (values?.length === 1 ? String(values[0]) : undefined);

/**
 * The view a search's filters are exactly, if any: no filter at all, or one value of one
 * dimension and nothing else (a founded year: the same year as minimum and maximum, or a
 * minimum alone, or a maximum alone). Anything more, or a key with an empty list, is counted
 * live; so is an open range from a year no company was founded in.
 */
export function facetViewOf(filters: NormalizedFilters): FacetView | undefined {
  const present = Object.entries(filters).filter(([, value]) => value !== undefined);
  if (present.length === 0) return { dimension: 'all', value: '' };
  const keys = present.map(([key]) => key).sort().join(',');
  const single = (dimension: FacetViewDimension, value: string | undefined): FacetView | undefined => (value === undefined ? undefined : { dimension, value });
  if (keys === 'countries') return single('country', one(filters.countries));
  if (keys === 'cities') return single('city', one(filters.cities));
  if (keys === 'industries') return single('industry', one(filters.industries));
  if (keys === 'employeeCounts') return single('employee_count', one(filters.employeeCounts));
  if (keys === 'naicsPrefixes') return single('naics_sector', filters.naicsPrefixes?.[0]?.length === 2 ? one(filters.naicsPrefixes) : undefined);
  if (keys === 'technologies') return single('technology', one(filters.technologies));
  if (keys === 'foundedYearMax,foundedYearMin' && filters.foundedYearMin === filters.foundedYearMax) return single('founded_year', String(filters.foundedYearMin));
  if (keys === 'foundedYearMin') return single('founded_from', String(filters.foundedYearMin));
  if (keys === 'foundedYearMax') return single('founded_until', String(filters.foundedYearMax));
  return undefined;
}

/** The filters a search of the view has. */
export function filtersOfView(view: FacetView): NormalizedFilters {
  return view.dimension === 'all' ? {} : DIMENSIONS[view.dimension].filters(view.value);
}

/** A stored view's answer: the summary request's total (capped) and facets. */
export interface StoredSummary {
  total: number;
  aggregations: Aggregations;
}

/** Views by dimension, then value. */
export type FacetViews = Map<FacetViewDimension, Map<string, StoredSummary>>;

export function storedSummaryOf(views: FacetViews | undefined, view: FacetView | undefined): StoredSummary | undefined {
  return view === undefined ? undefined : views?.get(view.dimension)?.get(view.value);
}

/** The dimension whose values another takes (the first of the same field and threshold): one aggregation serves both. */
const valuesFrom = (name: Exclude<FacetViewDimension, 'all'>) =>
  DIMENSION_NAMES.find((other) => DIMENSIONS[other].field === DIMENSIONS[name].field && DIMENSIONS[other].minCompanies === DIMENSIONS[name].minCompanies) ?? name;

/** The values of every dimension held by enough companies, in one size-0 search. */
function dimensionValuesRequest(index: string): estypes.SearchRequest {
  const aggs: Record<string, estypes.AggregationsAggregationContainer> = {};
  for (const name of new Set(DIMENSION_NAMES.map(valuesFrom))) {
    const { field, minCompanies } = DIMENSIONS[name];
    aggs[name] = { terms: { field, size: MAX_FACET_SHARD_SIZE, shard_size: MAX_FACET_SHARD_SIZE, min_doc_count: minCompanies, order: [{ _count: 'desc' }, { _key: 'asc' }] } };
  }
  return { index, size: 0, track_total_hits: false, aggs, allow_partial_search_results: false };
}

const bucketsSchema = z.object({ buckets: z.array(z.object({ key: z.union([z.string(), z.number()]) })) });

/** Summary requests per multi search while a feed computes the views. */
const VIEWS_PER_MULTI_SEARCH = 50;

/**
 * Every view of a fed index with the summary a live search of it would answer: the same
 * request (buildSummaryRequest, the index's shard sizes), sent in multi searches of 50.
 */
export async function computeFacetViews(client: Client, index: string, shardSizes: FacetShardSizes): Promise<FacetViews> {
  const values = assertWholeAnswer(await client.search(dimensionValuesRequest(index)));
  const wanted: FacetView[] = [{ dimension: 'all', value: '' }];
  for (const name of DIMENSION_NAMES) {
    const parsed = bucketsSchema.safeParse(values.aggregations?.[valuesFrom(name)]);
    if (!parsed.success) throw new Error(`Elasticsearch answered no usable values of the "${name}" dimension`);
    for (const bucket of parsed.data.buckets) wanted.push({ dimension: name, value: String(bucket.key) });
  }
  const views: FacetViews = new Map();
  for (let start = 0; start < wanted.length; start += VIEWS_PER_MULTI_SEARCH) {
    const batch = wanted.slice(start, start + VIEWS_PER_MULTI_SEARCH);
    const searches = batch.flatMap((view) => {
      const filters = filtersOfView(view);
      const { index: target, preference: _preference, request_cache: _cache, allow_partial_search_results: partial, ...body } = buildSummaryRequest(index, filters, shardSizes, '');
      return [{ index: target, allow_partial_search_results: partial ?? false }, body as estypes.MsearchMultisearchBody];
    });
    const answer = await client.msearch<unknown>({ searches });
    answer.responses.forEach((response, at) => {
      const view = batch[at] as FacetView;
      const summary: MatchSetSummary = parseSummary(assertWholeAnswer(multiSearchAnswer(response)));
      if (!views.has(view.dimension)) views.set(view.dimension, new Map());
      views.get(view.dimension)?.set(view.value, { total: summary.total, aggregations: summary.facets.aggregations });
    });
  }
  return views;
}

const storedViewsSchema = z.object({
  views: z.record(
    z.string(),
    z.object({ total: z.number().int().nonnegative(), aggregations: z.record(z.string(), z.array(z.object({ value: z.union([z.string(), z.number()]), count: z.number().int() }))) }),
  ),
});

const VIEWS_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: false,
  properties: { index: { type: 'keyword' }, dimension: { type: 'keyword' }, views: { type: 'object', enabled: false } },
};

/**
 * The views of each fed index, in `<alias>-facet-views`: one document per index and dimension
 * (`<index>:<dimension>`), the summaries in an object Elasticsearch keeps but does not index.
 * A few thousand views at 13 million companies (cities from 500 companies on are most of
 * them), a few MB in all: too much for the `_meta` that rides in the cluster state.
 */
export class FacetViewStore {
  constructor(
    private readonly client: Client,
    readonly name: string,
  ) {}

  async write(index: string, views: FacetViews): Promise<void> {
    await this.client.indices.create({ index: this.name, mappings: VIEWS_MAPPINGS }, { ignore: [400] });
    for (const dimension of ['all', ...DIMENSION_NAMES] as FacetViewDimension[]) {
      const document = { index, dimension, views: Object.fromEntries(views.get(dimension) ?? new Map()) };
      await this.client.index({ index: this.name, id: `${index}:${dimension}`, document });
    }
  }

  /** The views stored for an index; undefined when any of its documents is missing or unreadable. */
  async read(index: string): Promise<FacetViews | undefined> {
    const dimensions = ['all', ...DIMENSION_NAMES] as FacetViewDimension[];
    const documents = await Promise.all(dimensions.map((dimension) => this.client.get({ index: this.name, id: `${index}:${dimension}` }, { ignore: [404] })));
    const views: FacetViews = new Map();
    for (const [at, document] of documents.entries()) {
      const parsed = storedViewsSchema.safeParse(document.found ? document._source : undefined);
      if (!parsed.success) return undefined;
      views.set(dimensions[at] as FacetViewDimension, new Map(Object.entries(parsed.data.views) as [string, StoredSummary][]));
    }
    return views;
  }

  /** Deletes the views of indices that were deleted. */
  async forget(indices: readonly string[]): Promise<void> {
    for (const index of indices) {
      for (const dimension of ['all', ...DIMENSION_NAMES]) await this.client.delete({ index: this.name, id: `${index}:${dimension}` }, { ignore: [404] });
    }
  }
}
