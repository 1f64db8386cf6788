import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/** Saved lists and their companies: statements only, every one naming the workspace that owns the list. */

const workspaceRow = z.object({ workspace_id: z.string() });
const sizeRow = z.object({ size: z.number() });
const companyIdsRow = z.object({ company_ids: z.array(z.string()) });
const listSummaryRow = z.object({ name: z.string(), total: z.number() });
const domainRow = z.object({ domain: z.string() });

export async function insertSavedList(db: Queryable, workspaceId: string, listId: string, name: string): Promise<void> {
  await db.query('INSERT INTO saved_lists (id, workspace_id, name) VALUES ($1, $2, $3)', [listId, workspaceId, name]);
}

/** Adds the companies to the workspace's list; those already in it are kept once. Nothing is added when the workspace has no such list. */
export async function insertSavedListCompanies(db: Queryable, workspaceId: string, listId: string, companyIds: readonly string[]): Promise<void> {
  await db.query(
    `INSERT INTO saved_list_companies (list_id, company_id)
     SELECT sl.id, company.id FROM saved_lists sl CROSS JOIN unnest($3::uuid[]) AS company(id)
     WHERE sl.id = $1 AND sl.workspace_id = $2
     ON CONFLICT DO NOTHING`,
    [listId, workspaceId, [...companyIds]],
  );
}

/**
 * The workspace owning a list; undefined when there is no such list. The operator names a list
 * by its id alone, and this is how its workspace is found before anything else is read or written.
 */
export async function savedListWorkspace(db: Queryable, listId: string): Promise<string | undefined> {
  const { rows } = await db.query('SELECT workspace_id FROM saved_lists WHERE id = $1', [listId]);
  return rows[0] ? workspaceRow.parse(rows[0]).workspace_id : undefined;
}

/** How many companies the workspace's list holds; undefined when the workspace has no such list. */
export async function savedListSize(db: Queryable, workspaceId: string, listId: string): Promise<number | undefined> {
  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM saved_list_companies slc WHERE slc.list_id = sl.id) AS size
     FROM saved_lists sl WHERE sl.id = $1 AND sl.workspace_id = $2`,
    [listId, workspaceId],
  );
  return rows[0] ? sizeRow.parse(rows[0]).size : undefined;
}

/** The companies of the workspace's list; undefined when the workspace has no such list. */
export async function savedListCompanyIds(db: Queryable, workspaceId: string, listId: string): Promise<string[] | undefined> {
  const { rows } = await db.query(
    `SELECT ARRAY(SELECT slc.company_id::text FROM saved_list_companies slc WHERE slc.list_id = sl.id) AS company_ids
     FROM saved_lists sl WHERE sl.id = $1 AND sl.workspace_id = $2`,
    [listId, workspaceId],
  );
  return rows[0] ? companyIdsRow.parse(rows[0]).company_ids : undefined;
}

/** The workspace's list's name and size; undefined when the workspace has no such list. */
export async function savedListSummary(db: Queryable, workspaceId: string, listId: string): Promise<{ name: string; total: number } | undefined> {
  const { rows } = await db.query(
    `SELECT sl.name, (SELECT count(*)::int FROM saved_list_companies slc WHERE slc.list_id = sl.id) AS total
     FROM saved_lists sl WHERE sl.id = $1 AND sl.workspace_id = $2`,
    [listId, workspaceId],
  );
  return rows[0] ? listSummaryRow.parse(rows[0]) : undefined;
}

/** A page of the domains of the workspace's list's companies, oldest addition first. */
export async function savedListDomains(db: Queryable, workspaceId: string, listId: string, page: { offset: number; limit: number }): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT c.domain
     FROM saved_list_companies slc
     JOIN saved_lists sl ON sl.id = slc.list_id AND sl.workspace_id = $2
     JOIN companies c ON c.id = slc.company_id
     WHERE slc.list_id = $1
     ORDER BY slc.added_at, slc.company_id OFFSET $3 LIMIT $4`,
    [listId, workspaceId, page.offset, page.limit],
  );
  return rows.map((row) => domainRow.parse(row).domain);
}

/** Companies in any list of the workspace or unlocked by its exports: what counts' `saved` counts among the matches. */
export async function savedCompanyIds(db: Queryable, workspaceId: string): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT ARRAY(
       SELECT slc.company_id::text FROM saved_list_companies slc JOIN saved_lists sl ON sl.id = slc.list_id WHERE sl.workspace_id = $1
       UNION
       SELECT wu.company_id::text FROM workspace_unlocks wu WHERE wu.workspace_id = $1) AS company_ids`,
    [workspaceId],
  );
  return rows[0] ? companyIdsRow.parse(rows[0]).company_ids : [];
}
