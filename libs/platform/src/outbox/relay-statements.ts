import { OUTBOX_TABLE } from './outbox-tables';

/** An outbox row as the relay reads it. */
export interface PendingEvent {
  id: string;
  /** bigint, as pg returns it. */
  position: string;
  subject: string;
  /** The payload as JSON text: published as stored, never parsed and written out again. */
  payload: string;
  aggregate_key: string | null;
  trace_context: Record<string, string> | null;
  attempts: number;
}

const COLUMNS = 'o.id, o.position, o.subject, o.payload::text AS payload, o.aggregate_key, o.trace_context, o.attempts';

/**
 * The first unpublished row of each aggregate key (and keyless rows) that is due, locked.
 * Rows another relay holds are skipped, and so is every row behind an unpublished one of its
 * key (locked or not: the plain read sees it), so no relay overtakes another within a key.
 */
export const CLAIM_HEADS = `
SELECT ${COLUMNS} FROM "${OUTBOX_TABLE}" o
WHERE o.published_at IS NULL
  AND o.next_attempt_at <= now()
  AND (
    o.aggregate_key IS NULL
    OR NOT EXISTS (
      SELECT 1 FROM "${OUTBOX_TABLE}" earlier
      WHERE earlier.aggregate_key = o.aggregate_key AND earlier.published_at IS NULL AND earlier.position < o.position
    )
  )
ORDER BY o.position
LIMIT $1
FOR UPDATE SKIP LOCKED`;

/**
 * The rows queued behind heads this relay holds. No other relay can claim them while their
 * head is unpublished, so this relay may publish them in the same round.
 */
export const CLAIM_FOLLOWERS = `
SELECT ${COLUMNS} FROM "${OUTBOX_TABLE}" o
JOIN unnest($1::text[], $2::bigint[]) AS head (aggregate_key, position)
  ON o.aggregate_key = head.aggregate_key AND o.position > head.position
WHERE o.published_at IS NULL
ORDER BY o.position
LIMIT $3
FOR UPDATE OF o`;

export const MARK_PUBLISHED = `UPDATE "${OUTBOX_TABLE}" SET published_at = now() WHERE id = ANY($1::uuid[])`;

export const RECORD_FAILURE = `
UPDATE "${OUTBOX_TABLE}"
SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + $3::integer * interval '1 millisecond'
WHERE id = $1`;

export const PRUNE_PUBLISHED = `
DELETE FROM "${OUTBOX_TABLE}"
WHERE id IN (
  SELECT id FROM "${OUTBOX_TABLE}"
  WHERE published_at < now() - $1::bigint * interval '1 millisecond'
  LIMIT 1000
)`;
