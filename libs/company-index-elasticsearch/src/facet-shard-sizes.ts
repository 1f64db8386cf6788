import type { Client, estypes } from '@elastic/elasticsearch';
import { z } from 'zod';
import { FACET_FIELDS, FACET_NAMES, FACET_SIZE, type FacetName, type FacetShardSizes } from './facet-aggregations';
import { assertWholeAnswer } from './unavailable-cluster';

/**
 * The largest shard_size asked for: each shard then sends up to this many buckets per facet
 * to the coordinating node, which holds them on the heap. A field with more distinct values
 * than this gets counts Elasticsearch can no longer promise exact (reported as
 * doc_count_error_upper_bound).
 */
export const MAX_FACET_SHARD_SIZE = 10_000;

/**
 * The cardinality aggregation counts exactly up to this many distinct values (40,000 is its
 * maximum); beyond it the count is an estimate, which only matters above MAX_FACET_SHARD_SIZE.
 */
const PRECISION_THRESHOLD = 40_000;

/** Room for values added by writes outside a feed until the next feed counts them again. */
const GROWTH_ALLOWANCE = 1.25;

/** One request counting the distinct values of each facet field over the whole index. */
export function cardinalityRequest(index: string): estypes.SearchRequest {
  const aggs: Record<string, estypes.AggregationsAggregationContainer> = {};
  for (const name of FACET_NAMES) aggs[name] = { cardinality: { field: FACET_FIELDS[name], precision_threshold: PRECISION_THRESHOLD } };
  return { index, size: 0, track_total_hits: false, aggs, allow_partial_search_results: false };
}

const cardinalitySchema = z.object({ value: z.number().int().nonnegative() });

export interface CheckedShardSizes {
  sizes: FacetShardSizes;
  /** Distinct values per facet field, as counted. */
  cardinality: Record<FacetName, number>;
  /** Facets with more values than MAX_FACET_SHARD_SIZE: their counts may be inexact. */
  capped: FacetName[];
}

/**
 * shard_size per facet from the cardinality of its field: every value a shard holds (the
 * index's distinct values bound each shard's), so the merged top 20 and their counts are exact.
 */
export function shardSizesFrom(aggregations: Record<string, unknown> | undefined): CheckedShardSizes {
  const sizes = {} as FacetShardSizes;
  const cardinality = {} as Record<FacetName, number>;
  const capped: FacetName[] = [];
  for (const name of FACET_NAMES) {
    const parsed = cardinalitySchema.safeParse(aggregations?.[name]);
    if (!parsed.success) throw new Error(`Elasticsearch answered no usable cardinality for the "${name}" facet`);
    cardinality[name] = parsed.data.value;
    const wanted = Math.ceil(parsed.data.value * GROWTH_ALLOWANCE);
    if (wanted > MAX_FACET_SHARD_SIZE) capped.push(name);
    sizes[name] = Math.min(MAX_FACET_SHARD_SIZE, Math.max(FACET_SIZE, wanted));
  }
  return { sizes, cardinality, capped };
}

/**
 * Counts the facet fields' values of a fed index once, at the end of its feed: the sizes are
 * stored with the index (`_meta`, index-meta.ts), so a search replica reads them with the
 * mapping instead of aggregating the whole index at every start.
 */
export async function measureShardSizes(client: Client, index: string): Promise<CheckedShardSizes> {
  const answer = assertWholeAnswer(await client.search(cardinalityRequest(index)));
  return shardSizesFrom(answer.aggregations);
}

const storedSizesSchema = z.object(
  Object.fromEntries(FACET_NAMES.map((name) => [name, z.number().int().min(FACET_SIZE).max(MAX_FACET_SHARD_SIZE)])) as Record<FacetName, z.ZodNumber>,
);

/** The shard sizes a feed stored in an index's `_meta`; undefined for an index fed before they were stored, or written to by hand. */
export function storedShardSizes(stored: unknown): FacetShardSizes | undefined {
  const parsed = storedSizesSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}
