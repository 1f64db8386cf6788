import type { SortSpec } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { readsSent, type ReadSent } from '../test/cluster-traffic';
import { companyIndexOnFake, storeSource } from '../test/company-index-on-fake';

const byName: SortSpec = { field: 'name', order: 'asc', hasQuery: false };

const COMPANIES = Array.from({ length: 12 }, (_, position) =>
  anIndexedCompany({
    id: `c-${String(position).padStart(2, '0')}`,
    name: `Company ${String(position).padStart(2, '0')}`,
    country: position % 3 === 0 ? 'Norway' : 'Germany',
    industry: position % 2 === 0 ? 'Banking' : 'Retail',
  }),
);

const FACETS = { industries: 'terms', countries: 'terms', employee_count: 'terms', technologies: 'terms' };
const HITS: ReadSent = { api: 'search', aggregations: {} };
const FACETS_AND_TOTAL: ReadSent = { api: 'search', aggregations: FACETS };

/** The engine on a fake cluster holding COMPANIES, written outside a feed; `reads()` answers what was sent since the last call. */
async function engineWithCompanies() {
  const { cluster, index } = companyIndexOnFake();
  await index.upsert(COMPANIES);
  await index.refresh();
  let seen = cluster.requests.length;
  const reads = (): ReadSent[] => {
    const sent = readsSent(cluster.requests.slice(seen));
    seen = cluster.requests.length;
    return sent;
  };
  return { index, reads };
}

describe('what each search sends to the cluster', () => {
  const twoFilters = { countries: ['Germany'], industries: ['Banking'] };

  it('sends a first search of a new filter set as the page and its facets and total, four terms aggregations', async () => {
    const { index, reads } = await engineWithCompanies();
    await index.search(twoFilters, byName, 2);
    expect(reads()).toEqual([HITS, FACETS_AND_TOTAL]);
  });

  it('sends both again for the same search a second time and for its page 2 by cursor: the facets are cached by the cluster, not here', async () => {
    const { index, reads } = await engineWithCompanies();
    const first = await index.search(twoFilters, byName, 2);
    reads();
    await index.search(twoFilters, byName, 2);
    expect(reads()).toEqual([HITS, FACETS_AND_TOTAL]);
    await index.search(twoFilters, byName, 2, first.next);
    expect(reads()).toEqual([HITS, FACETS_AND_TOTAL]);
  });

  it('sends the unfiltered view and a one-filter view as the page and its facets and total too', async () => {
    const { index, reads } = await engineWithCompanies();
    await index.search({}, byName, 2);
    expect(reads()).toEqual([HITS, FACETS_AND_TOTAL]);
    await index.search({ countries: ['Norway'] }, byName, 2);
    expect(reads()).toEqual([HITS, FACETS_AND_TOTAL]);
  });

  it('sends a count as one count request, without aggregations', async () => {
    const { index, reads } = await engineWithCompanies();
    await index.count(twoFilters);
    expect(reads()).toEqual([{ api: 'count', aggregations: {} }]);
  });

  it('sends no aggregation when a replica starts: the shard sizes are read with the live index', async () => {
    const { index, reads } = await engineWithCompanies();
    await index.warmUp();
    expect(reads()).toEqual([]);
  });

  it('measures the facet fields once per feed, and counts the facets of each precomputed view in multi searches', async () => {
    const { index, reads } = await engineWithCompanies();
    await index.feed(storeSource(COMPANIES, 5));
    const [count, cardinality, dimensionValues, ...views] = reads();
    // The count checks that the fed index holds the store's companies.
    expect(count).toEqual({ api: 'count', aggregations: {} });
    expect(cardinality).toEqual({ api: 'search', aggregations: { industries: 'cardinality', countries: 'cardinality', employee_count: 'cardinality', technologies: 'cardinality' } });
    expect(dimensionValues?.aggregations).toEqual({
      country: 'terms', city: 'terms', industry: 'terms', employee_count: 'terms', naics_sector: 'terms', technology: 'terms', founded_year: 'terms',
    });
    // The unfiltered view; Norway, Germany; Banking, Retail; one band, one sector, two technologies,
    // one year as such, from it and until it (no city of 500 companies).
    expect(views).toEqual(Array.from({ length: 12 }, () => ({ api: 'msearch', aggregations: FACETS })));
  });
});
