import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/** One provider item a check would deliver for its monitor. */
export interface DeliverableItem {
  monitorId: string;
  checkId: string;
  plItemId: string;
}

const seenItemRow = z
  .object({ monitor_id: z.string(), pl_item_id: z.string(), check_id: z.string() })
  .transform((row): DeliverableItem => ({ monitorId: row.monitor_id, plItemId: row.pl_item_id, checkId: row.check_id }));

/**
 * Marks the items as delivered by their monitors (table `seen_items`, by the provider's item id)
 * and returns those no check had delivered before. The key (monitor_id, pl_item_id) decides, so
 * two checks racing over one item deliver it once; keys are taken in sorted order, so two
 * transactions marking overlapping items wait for each other instead of deadlocking.
 */
export async function markItemsDelivered(db: Queryable, items: readonly DeliverableItem[]): Promise<DeliverableItem[]> {
  if (items.length === 0) return [];
  const { rows } = await db.query(
    `INSERT INTO seen_items (monitor_id, pl_item_id, check_id)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[]) ORDER BY 1, 2
     ON CONFLICT (monitor_id, pl_item_id) DO NOTHING
     RETURNING monitor_id, pl_item_id, check_id`,
    [items.map((item) => item.monitorId), items.map((item) => item.plItemId), items.map((item) => item.checkId)],
  );
  return rows.map((row) => seenItemRow.parse(row));
}
