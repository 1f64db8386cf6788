import { isDependencyFailure } from '@radar/platform/http';

/** PostgreSQL: serialization failure, deadlock, statement cancelled by its timeout. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01', '57014']);

/**
 * Whether a failure of our own infrastructure is worth retrying later (the check message is
 * then redelivered) rather than answered as `error_other`: the database or the broker is down
 * or busy, so nothing could be recorded now anyway.
 */
export function isTransientFailure(error: unknown): boolean {
  if (isDependencyFailure(error)) return true;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}
