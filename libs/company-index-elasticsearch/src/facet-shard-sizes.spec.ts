import { FACET_SIZE } from './facet-aggregations';
import { cardinalityRequest, MAX_FACET_SHARD_SIZE, shardSizesFrom } from './facet-shard-sizes';
import { cardinalityAnswer } from '../test/recorded-responses';

describe('facet shard sizes', () => {
  it('counts the distinct values of the four facet fields in one size-0 request that refuses partial results', () => {
    expect(cardinalityRequest('companies')).toEqual({
      index: 'companies',
      size: 0,
      track_total_hits: false,
      allow_partial_search_results: false,
      aggs: {
        industries: { cardinality: { field: 'industry', precision_threshold: 40_000 } },
        countries: { cardinality: { field: 'country', precision_threshold: 40_000 } },
        employee_count: { cardinality: { field: 'employee_count', precision_threshold: 40_000 } },
        technologies: { cardinality: { field: 'technologies', precision_threshold: 40_000 } },
      },
    });
  });

  it('asks each shard for all the values of a field, with room for growth, and never fewer than a page shows', () => {
    const checked = shardSizesFrom(cardinalityAnswer({ industries: 440, countries: 190, employee_count: 9, technologies: 0 }).aggregations);
    expect(checked.sizes).toEqual({ industries: 550, countries: 238, employee_count: FACET_SIZE, technologies: FACET_SIZE });
    expect(checked.capped).toEqual([]);
  });

  it('caps the size and names the facets whose counts may then be inexact', () => {
    const checked = shardSizesFrom(cardinalityAnswer({ industries: 440, countries: 190, employee_count: 9, technologies: 30_000 }).aggregations);
    expect(checked.sizes.technologies).toBe(MAX_FACET_SHARD_SIZE);
    expect(checked.capped).toEqual(['technologies']);
  });

  it('refuses an answer without a cardinality for every facet', () => {
    expect(() => shardSizesFrom({ industries: { value: 3 } })).toThrow(/cardinality for the "countries" facet/);
  });
});
