import type { estypes } from '@elastic/elasticsearch';
import type { Aggregations } from '@radar/contracts';
import { z } from 'zod';

/** decisions.md: at most 20 values per facet, count descending. */
export const FACET_SIZE = 20;

/** Facet name (the key in the search response) to the indexed field it counts. */
export const FACET_FIELDS = {
  industries: 'industry',
  countries: 'country',
  employee_count: 'employee_count',
  technologies: 'technologies',
} as const satisfies Record<keyof Aggregations, string>;

export type FacetName = keyof typeof FACET_FIELDS;
export const FACET_NAMES = Object.keys(FACET_FIELDS) as FacetName[];

/**
 * How many values each shard sends for the coordinating node to merge, per facet. A shard that
 * sends every value it holds makes the merged counts exact, so the adapter sets each facet's
 * shard_size from its field's cardinality (facet-shard-sizes.ts); until it has, 500 covers the
 * few hundred values these fields hold.
 */
export type FacetShardSizes = Record<FacetName, number>;

export const DEFAULT_FACET_SHARD_SIZE = 500;
export const DEFAULT_FACET_SHARD_SIZES: FacetShardSizes = {
  industries: DEFAULT_FACET_SHARD_SIZE,
  countries: DEFAULT_FACET_SHARD_SIZE,
  employee_count: DEFAULT_FACET_SHARD_SIZE,
  technologies: DEFAULT_FACET_SHARD_SIZE,
};

/** Terms aggregations over the whole match set (aggregations ignore search_after and size). */
export function facetAggregations(shardSizes: FacetShardSizes): Record<FacetName, estypes.AggregationsAggregationContainer> {
  const aggregations = {} as Record<FacetName, estypes.AggregationsAggregationContainer>;
  for (const name of FACET_NAMES) {
    aggregations[name] = {
      terms: {
        field: FACET_FIELDS[name],
        size: FACET_SIZE,
        shard_size: Math.max(FACET_SIZE, shardSizes[name]),
        // Count descending, then value ascending: equal counts always list in one order.
        order: [{ _count: 'desc' }, { _key: 'asc' }],
      },
    };
  }
  return aggregations;
}

const termsAggregateSchema = z.object({
  doc_count_error_upper_bound: z.number().int().optional(),
  buckets: z.array(z.object({ key: z.union([z.string(), z.number()]), doc_count: z.number().int() })),
});

export interface ParsedFacets {
  aggregations: Aggregations;
  /**
   * The facets whose counts Elasticsearch could not promise exact (doc_count_error_upper_bound
   * above 0: some shard left out values that made the merged top 20), with that bound.
   */
  inexact: Partial<Record<FacetName, number>>;
}

/**
 * The facets of a search response as decisions.md shapes them: `{value, count}` per bucket.
 * Elasticsearch answers every requested aggregation (empty buckets when nothing matched), so a
 * missing or malformed one is an error, not an empty facet.
 */
export function parseFacets(aggregations: Record<string, unknown> | undefined): ParsedFacets {
  const facets = {} as Aggregations;
  const inexact: ParsedFacets['inexact'] = {};
  for (const name of FACET_NAMES) {
    const parsed = termsAggregateSchema.safeParse(aggregations?.[name]);
    if (!parsed.success) throw new Error(`Elasticsearch search response has no usable "${name}" aggregation`);
    facets[name] = parsed.data.buckets.map((bucket) => ({ value: bucket.key, count: bucket.doc_count }));
    const bound = parsed.data.doc_count_error_upper_bound ?? 0;
    if (bound > 0) inexact[name] = bound;
  }
  return { aggregations: facets, inexact };
}
