import { errors } from '@elastic/elasticsearch';
import { AppError } from '@radar/platform/errors';

/** Statuses with which a reachable cluster says "not now": overloaded, or a proxy before it is. */
const UNAVAILABLE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * True when the cluster could not be reached or refused work for now, as opposed to a
 * request it rejected (a bug of ours, or a broken index).
 */
export function isClusterUnavailable(error: unknown): boolean {
  if (error instanceof errors.ConnectionError) return true;
  if (error instanceof errors.TimeoutError) return true;
  if (error instanceof errors.NoLivingConnectionsError) return true;
  if (error instanceof errors.ResponseError) return UNAVAILABLE_STATUSES.has(error.statusCode ?? 0);
  return false;
}

/**
 * The error to throw for a failed call: an unreachable or overloaded cluster becomes
 * SERVICE_UNAVAILABLE (503, decisions.md: "when a dependency is down"); anything else goes on
 * as it is and ends as a 500.
 */
export function translateClusterError(error: unknown): unknown {
  if (!isClusterUnavailable(error)) return error;
  return new AppError('SERVICE_UNAVAILABLE', 'The search cluster is unavailable; retry with backoff');
}
