import type { Pool } from 'pg';

export interface SavedListDomainsPage {
  name: string;
  /** Companies in the whole list. */
  total: number;
  /** The page's companies' domains, oldest addition first. */
  domains: string[];
}

/** A saved list's companies as domains, for services that follow a list (monitor-scheduler). */
export class SavedListDomainsRepository {
  constructor(private readonly pool: Pool) {}

  /** The page, or undefined when the workspace has no such list. */
  async page(workspaceId: string, listId: string, offset: number, limit: number): Promise<SavedListDomainsPage | undefined> {
    const { rows: lists } = await this.pool.query<{ name: string; total: number }>(
      `SELECT sl.name, (SELECT count(*)::int FROM saved_list_companies slc WHERE slc.list_id = sl.id) AS total
       FROM saved_lists sl WHERE sl.id = $1 AND sl.workspace_id = $2`,
      [listId, workspaceId],
    );
    const list = lists[0];
    if (!list) return undefined;
    const { rows } = await this.pool.query<{ domain: string }>(
      `SELECT c.domain FROM saved_list_companies slc JOIN companies c ON c.id = slc.company_id
       WHERE slc.list_id = $1 ORDER BY slc.added_at, slc.company_id OFFSET $2 LIMIT $3`,
      [listId, offset, limit],
    );
    return { name: list.name, total: list.total, domains: rows.map((row) => row.domain) };
  }
}
