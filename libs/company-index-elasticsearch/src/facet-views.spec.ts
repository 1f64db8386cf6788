import { Client } from '@elastic/elasticsearch';
import type { IndexedCompany, NormalizedFilters, SortSpec } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { facetViewOf, filtersOfView, MIN_VIEW_CITY_COMPANIES, type FacetView, type FacetViewDimension } from './facet-views';
import { storedShardSizes } from './facet-shard-sizes';
import { buildSummaryRequest } from './search-request';
import { parseSummary } from './search-response';
import { readsSent } from '../test/cluster-traffic';
import { companyIndexOnFake, storeSource } from '../test/company-index-on-fake';
import type { FakeCluster } from '../test/fake-cluster';

const byName: SortSpec = { field: 'name', order: 'asc', hasQuery: false };
const pick = <T>(values: readonly T[], position: number): T => values[position % values.length] as T;

/** Enough companies in Berlin for a city view; several values of every other dimension, and companies missing them. */
const COMPANIES: IndexedCompany[] = Array.from({ length: MIN_VIEW_CITY_COMPANIES + 60 }, (_, position) =>
  anIndexedCompany({
    id: `c-${String(position).padStart(4, '0')}`,
    name: `Company ${position}`,
    city: position < MIN_VIEW_CITY_COMPANIES ? 'Berlin' : pick(['Oslo', 'Lyon'], position),
    country: pick(['Germany', 'Norway', 'France', null], position),
    industry: pick(['Banking', 'Retail', 'Software Development', null], position),
    employeeCount: pick([10, 50, 200, null], position),
    naicsCode: pick(['513210', '522110', '311111', null], position),
    technologies: pick([['React'], ['React', 'Go'], [], ['PostgreSQL', 'Go', 'Rust']], position),
    foundedYear: pick([1999, 2014, 2020, null], position),
  }),
);

/** The views a feed stored for the live index, from the fake's views index. */
function storedViews(cluster: FakeCluster, index: string): FacetView[] {
  const documents = [...(cluster.indices.get('companies-facet-views')?.documents.values() ?? [])] as { index: string; dimension: FacetViewDimension; views: Record<string, unknown> }[];
  return documents.filter((document) => document.index === index).flatMap((document) => Object.keys(document.views).map((value) => ({ dimension: document.dimension, value })));
}

async function fedEngine() {
  const { cluster, index } = companyIndexOnFake();
  const outcome = await index.feed(storeSource(COMPANIES, 100));
  return { cluster, index, fed: outcome.index };
}

/** What a live search of the filters would answer for its total and facets: the summary request itself. */
async function liveSummary(cluster: FakeCluster, fed: string, filters: NormalizedFilters) {
  const client = new Client({ node: 'http://127.0.0.1:9200', Connection: cluster.connectionClass() });
  const sizes = storedShardSizes((cluster.indices.get(fed)?.mappings._meta as Record<string, unknown>).facet_shard_sizes);
  if (sizes === undefined) throw new Error('the feed stored no shard sizes');
  const summary = parseSummary(await client.search(buildSummaryRequest('companies', filters, sizes, 'live')));
  return { total: summary.total, aggregations: summary.facets.aggregations };
}

describe('the views whose facets a feed precomputes', () => {
  it.each<[string, NormalizedFilters, FacetView]>([
    ['no filter', {}, { dimension: 'all', value: '' }],
    ['one country', { countries: ['Germany'] }, { dimension: 'country', value: 'Germany' }],
    ['one city', { cities: ['Berlin'] }, { dimension: 'city', value: 'Berlin' }],
    ['one industry', { industries: ['Banking'] }, { dimension: 'industry', value: 'Banking' }],
    ['one employee band', { employeeCounts: [200] }, { dimension: 'employee_count', value: '200' }],
    ['one NAICS sector', { naicsPrefixes: ['52'] }, { dimension: 'naics_sector', value: '52' }],
    ['one technology', { technologies: ['React'] }, { dimension: 'technology', value: 'React' }],
    ['one founded year', { foundedYearMin: 2014, foundedYearMax: 2014 }, { dimension: 'founded_year', value: '2014' }],
    ['founded from a year', { foundedYearMin: 2000 }, { dimension: 'founded_from', value: '2000' }],
    ['founded until a year', { foundedYearMax: 2014 }, { dimension: 'founded_until', value: '2014' }],
  ])('reads %s as a view', (_label, filters, view) => {
    expect(facetViewOf(filters)).toEqual(view);
    expect(filtersOfView(view)).toEqual(filters);
  });

  it.each<[string, NormalizedFilters]>([
    ['two countries', { countries: ['Germany', 'France'] }],
    ['two dimensions', { countries: ['Germany'], industries: ['Banking'] }],
    ['a free-text query', { query: 'cloud' }],
    ['a founded-year range', { foundedYearMin: 2000, foundedYearMax: 2014 }],
    ['a NAICS prefix longer than a sector', { naicsPrefixes: ['5221'] }],
    ['an employee range holding no band', { employeeCounts: [] }],
    ['excluded industries', { excludeIndustries: ['Retail'] }],
  ])('leaves %s to the live aggregation', (_label, filters) => {
    expect(facetViewOf(filters)).toBeUndefined();
  });
});

describe('searches of a precomputed view', () => {
  it('answer, for every view a feed stored, the total and facets the live aggregation answers', async () => {
    const { cluster, index, fed } = await fedEngine();
    const views = storedViews(cluster, fed);
    expect(new Set(views.map((view) => view.dimension))).toEqual(new Set(['all', 'country', 'city', 'industry', 'employee_count', 'naics_sector', 'technology', 'founded_year', 'founded_from', 'founded_until']));
    expect(views.filter((view) => view.dimension === 'city')).toEqual([{ dimension: 'city', value: 'Berlin' }]);
    for (const view of views) {
      const filters = filtersOfView(view);
      const page = await index.search(filters, byName, 5);
      expect({ view, total: page.total, aggregations: page.aggregations }).toEqual({ view, ...(await liveSummary(cluster, fed, filters)) });
    }
  });

  it('send the page request alone, without an aggregation; other filter sets still send theirs', async () => {
    const { cluster, index } = await fedEngine();
    await index.search({}, byName, 5);
    const before = cluster.requests.length;
    await index.search({ countries: ['Norway'] }, byName, 5);
    expect(readsSent(cluster.requests.slice(before))).toEqual([{ api: 'search', aggregations: {} }]);
    const again = cluster.requests.length;
    await index.search({ countries: ['Norway'], industries: ['Banking'] }, byName, 5);
    expect(readsSent(cluster.requests.slice(again)).map((read) => Object.keys(read.aggregations).length)).toEqual([0, 4]);
  });

  it('are counted live again once companies are written outside a feed, here at once and in other replicas at their next alias check', async () => {
    const { cluster, index, fed } = await fedEngine();
    const { index: replica } = companyIndexOnFake({ existsTtlMs: 0 }, cluster);
    await replica.search({}, byName, 5);
    await index.upsert([anIndexedCompany({ id: 'c-new', name: 'Newcomer', country: 'Norway' })]);
    await index.refresh();
    expect(cluster.indices.get(fed)?.mappings._meta).not.toHaveProperty('facet_views');
    for (const [name, engine] of [['here', index], ['replica', replica]] as const) {
      const page = await engine.search({ countries: ['Norway'] }, byName, 5);
      expect({ name, total: page.total, aggregations: page.aggregations }).toEqual({ name, ...(await liveSummary(cluster, fed, { countries: ['Norway'] })) });
    }
  });
});
