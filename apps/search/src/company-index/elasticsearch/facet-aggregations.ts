import type { estypes } from '@elastic/elasticsearch';
import type { Aggregations } from '@radar/contracts';
import { z } from 'zod';

/** decisions.md: at most 20 values per facet, count descending. */
export const FACET_SIZE = 20;

/**
 * Each shard sends its top SHARD_SIZE values for the coordinating node to merge. Far above
 * FACET_SIZE so the merged top 20 and their counts are exact in practice: the faceted
 * fields have a few hundred distinct values at most, so this costs little.
 */
export const FACET_SHARD_SIZE = 500;

/** Facet name (the key in the search response) to the indexed field it counts. */
export const FACET_FIELDS = {
  industries: 'industry',
  countries: 'country',
  employee_count: 'employee_count',
  technologies: 'technologies',
} as const satisfies Record<keyof Aggregations, string>;

type FacetName = keyof typeof FACET_FIELDS;
const FACET_NAMES = Object.keys(FACET_FIELDS) as FacetName[];

/** Terms aggregations over the whole match set (aggregations ignore search_after and size). */
export function facetAggregations(): Record<FacetName, estypes.AggregationsAggregationContainer> {
  const aggregations = {} as Record<FacetName, estypes.AggregationsAggregationContainer>;
  for (const name of FACET_NAMES) {
    aggregations[name] = {
      terms: {
        field: FACET_FIELDS[name],
        size: FACET_SIZE,
        shard_size: FACET_SHARD_SIZE,
        // Count descending, then value ascending: equal counts always list in one order.
        order: [{ _count: 'desc' }, { _key: 'asc' }],
      },
    };
  }
  return aggregations;
}

const termsAggregateSchema = z.object({
  buckets: z.array(z.object({ key: z.union([z.string(), z.number()]), doc_count: z.number().int() })),
});

/**
 * The facets of a search response as decisions.md shapes them: `{value, count}` per bucket.
 * Elasticsearch answers every requested aggregation (empty buckets when nothing matched), so a
 * missing or malformed one is an error, not an empty facet.
 */
export function parseFacets(aggregations: Record<string, unknown> | undefined): Aggregations {
  const facets = {} as Aggregations;
  for (const name of FACET_NAMES) {
    const parsed = termsAggregateSchema.safeParse(aggregations?.[name]);
    if (!parsed.success) throw new Error(`Elasticsearch search response has no usable "${name}" aggregation`);
    facets[name] = parsed.data.buckets.map((bucket) => ({ value: bucket.key, count: bucket.doc_count }));
  }
  return facets;
}
