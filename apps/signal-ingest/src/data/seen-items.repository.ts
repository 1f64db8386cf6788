import type { Queryable } from '@radar/platform/database';

/** One provider item a check would deliver for its monitor. */
export interface DeliverableItem {
  monitorId: string;
  checkId: string;
  plItemId: string;
}

/** What each monitor delivered, by the provider's item id (table `seen_items`). */
export const seenItemsRepository = {
  /**
   * Marks the items as delivered by their monitors and returns those no check had delivered
   * before, as `checkId` and `plItemId`. The key (monitor_id, pl_item_id) decides, so two checks
   * racing over one item deliver it once; keys are taken in sorted order, so two transactions
   * marking overlapping items wait for each other instead of deadlocking.
   */
  async markDelivered(db: Queryable, items: readonly DeliverableItem[]): Promise<DeliverableItem[]> {
    if (items.length === 0) return [];
    const { rows } = await db.query<{ monitor_id: string; pl_item_id: string; check_id: string }>(
      `INSERT INTO seen_items (monitor_id, pl_item_id, check_id)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[]) ORDER BY 1, 2
       ON CONFLICT (monitor_id, pl_item_id) DO NOTHING
       RETURNING monitor_id, pl_item_id, check_id`,
      [items.map((item) => item.monitorId), items.map((item) => item.plItemId), items.map((item) => item.checkId)],
    );
    return rows.map((row) => ({ monitorId: row.monitor_id, plItemId: row.pl_item_id, checkId: row.check_id }));
  },
};
