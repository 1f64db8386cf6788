import { errors, type estypes } from '@elastic/elasticsearch';
import { AppError } from '@radar/platform/errors';

/** Statuses with which a reachable cluster says "not now": overloaded, or a proxy before it is. */
const UNAVAILABLE_STATUSES = new Set([429, 502, 503, 504]);

const errorBodySchema = (body: unknown): { type?: unknown; reason?: unknown } =>
  (body as { error?: { type?: unknown; reason?: unknown } } | undefined)?.error ?? {};

/** The `error.type` of a rejection (e.g. `index_not_found_exception`), undefined for anything else. */
export function errorTypeOf(error: unknown): string | undefined {
  if (!(error instanceof errors.ResponseError)) return undefined;
  const type = errorBodySchema(error.body).type;
  return typeof type === 'string' ? type : undefined;
}

/**
 * A search that some shards answered and others did not, refused because partial results are
 * not allowed (allow_partial_search_results: false). Its status is that of the shards'
 * failures, often 500, but the cause is a shard that is down or overloaded, not the request.
 */
function isPartialShardsFailure(cause: { type?: unknown; reason?: unknown }): boolean {
  return cause.type === 'search_phase_execution_exception' && cause.reason === 'Partial shards failure';
}

/**
 * True when the cluster could not be reached or refused work for now, as opposed to a
 * request it rejected (a bug of ours, or a broken index).
 */
export function isClusterUnavailable(error: unknown): boolean {
  if (error instanceof errors.ConnectionError) return true;
  if (error instanceof errors.TimeoutError) return true;
  if (error instanceof errors.NoLivingConnectionsError) return true;
  if (error instanceof errors.ResponseError) return UNAVAILABLE_STATUSES.has(error.statusCode ?? 0) || isPartialShardsFailure(errorBodySchema(error.body));
  return false;
}

const unavailable = (): AppError => new AppError('SERVICE_UNAVAILABLE', 'The search cluster is unavailable; retry with backoff');

/**
 * The error to throw for a failed call: an unreachable or overloaded cluster becomes
 * SERVICE_UNAVAILABLE (503, decisions.md: "when a dependency is down"); anything else goes on
 * as it is and ends as a 500.
 */
export function translateClusterError(error: unknown): unknown {
  return isClusterUnavailable(error) ? unavailable() : error;
}

/**
 * One answer of a multi search: a search answer, or the error that search met, thrown as its
 * own request would have thrown it (an unavailable cluster or a refused partial answer is a
 * 503, anything else goes on as an error).
 */
export function multiSearchAnswer<T>(item: estypes.MsearchResponseItem<T>): estypes.SearchResponse<T> {
  if (!('error' in item)) return item as estypes.SearchResponse<T>;
  const status = item.status ?? 500;
  if (UNAVAILABLE_STATUSES.has(status) || isPartialShardsFailure(item.error)) throw unavailable();
  throw new Error(`Elasticsearch refused a search of a multi search: ${status} ${item.error.type} (${item.error.reason ?? ''})`);
}

export interface ShardedAnswer {
  _shards?: estypes.ShardStatistics;
  timed_out?: boolean;
}

/** Whether every shard answered in time. */
export const isWholeAnswer = (answer: ShardedAnswer): boolean => (answer._shards?.failed ?? 0) === 0 && answer.timed_out !== true;

/**
 * Searches and counts are exact or not answered: an answer in which a shard failed (or the
 * search timed out) counts only some of the companies, and becomes SERVICE_UNAVAILABLE rather
 * than a low total, short facets or a page with rows missing. Searches also ask the cluster to
 * refuse partial results; the count API has no such switch, so this check is what guards it.
 */
export function assertWholeAnswer<T extends ShardedAnswer>(answer: T): T {
  if (!isWholeAnswer(answer)) throw unavailable();
  return answer;
}
