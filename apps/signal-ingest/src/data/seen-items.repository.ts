import type { Queryable } from '@radar/platform/database';

/** What each monitor delivered, by the provider's item id (table `seen_items`). */
export const seenItemsRepository = {
  /**
   * Marks the items as delivered by the monitor and returns those it had not delivered before.
   * The key (monitor_id, pl_item_id) decides, so two checks racing over one item deliver it once;
   * keys are taken in sorted order, so two such checks wait for each other instead of deadlocking.
   */
  async markDelivered(db: Queryable, monitorId: string, checkId: string, plItemIds: readonly string[]): Promise<Set<string>> {
    if (plItemIds.length === 0) return new Set();
    const { rows } = await db.query<{ pl_item_id: string }>(
      `INSERT INTO seen_items (monitor_id, pl_item_id, check_id)
       SELECT $1, item, $3 FROM unnest($2::text[]) AS item ORDER BY item
       ON CONFLICT (monitor_id, pl_item_id) DO NOTHING
       RETURNING pl_item_id`,
      [monitorId, plItemIds, checkId],
    );
    return new Set(rows.map((row) => row.pl_item_id));
  },
};
