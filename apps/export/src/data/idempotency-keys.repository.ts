import { z } from 'zod';
import { createExportResponseSchema } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';

/** Idempotency-Key answers of POST /exports: statements only; the replay window and what a reused key means are the use case's. */

const answerRow = z
  .object({ request_hash: z.string(), export_id: z.string(), response_body: createExportResponseSchema })
  .transform((row) => ({ requestHash: row.request_hash, exportId: row.export_id, body: row.response_body }));

export type StoredAnswer = z.output<typeof answerRow>;

/** The answer stored for the key, if it was stored after `since`. */
export async function storedAnswer(db: Queryable, workspaceId: string, key: string, since: Date): Promise<StoredAnswer | null> {
  const { rows } = await db.query({
    name: 'export-idempotency-answer',
    text: `SELECT request_hash, export_id, response_body FROM idempotency_keys
           WHERE workspace_id = $1::uuid AND key = $2 AND created_at > $3`,
    values: [workspaceId, key, since],
  });
  return rows[0] === undefined ? null : answerRow.parse(rows[0]);
}

/** Stores the answer for the key at `now`, replacing the one stored before. */
export async function storeAnswer(db: Queryable, workspaceId: string, key: string, answer: StoredAnswer, now: Date): Promise<void> {
  await db.query({
    name: 'export-idempotency-store',
    text: `INSERT INTO idempotency_keys (workspace_id, key, request_hash, export_id, response_body, created_at)
           VALUES ($1::uuid, $2, $3, $4::uuid, $5::jsonb, $6)
           ON CONFLICT (workspace_id, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, export_id = EXCLUDED.export_id,
               response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at`,
    values: [workspaceId, key, answer.requestHash, answer.exportId, JSON.stringify(answer.body), now],
  });
}

/** Removes the answers of every workspace stored more than `ageMs` ago; returns how many. */
export async function deleteAnswersOlderThan(db: Queryable, ageMs: number): Promise<number> {
  const { rowCount } = await db.query({
    name: 'export-idempotency-prune',
    text: `DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 millisecond'`,
    values: [ageMs],
  });
  return rowCount ?? 0;
}
