import { z } from 'zod';
import type { Queryable } from '@radar/platform/database';

/** Companies' open job postings: statements only. */

const jobPostingRow = z.object({
  title: z.string(),
  seniority: z.string().nullable(),
  categories: z.array(z.string()),
  location: z.string().nullable(),
  /** The day as `YYYY-MM-DD`, read as text so no time zone can move it. */
  firstSeenAt: z.string().nullable(),
  url: z.string().nullable(),
});

export type JobPostingRecord = z.output<typeof jobPostingRow>;

const countRow = z.object({ total: z.number() });

/** One page of a company's open postings, newest first (undated last, then in listing order), and how many it has. */
export async function jobPostingsPage(
  db: Queryable,
  companyId: string,
  page: { offset: number; limit: number },
): Promise<{ items: JobPostingRecord[]; total: number }> {
  const [items, counted] = await Promise.all([
    db.query(
      `SELECT title, seniority, categories, location, to_char(first_seen_at, 'YYYY-MM-DD') AS "firstSeenAt", url
       FROM job_postings WHERE company_id = $1
       ORDER BY first_seen_at DESC NULLS LAST, position ASC
       OFFSET $2 LIMIT $3`,
      [companyId, page.offset, page.limit],
    ),
    db.query('SELECT count(*)::int AS total FROM job_postings WHERE company_id = $1', [companyId]),
  ]);
  return { items: items.rows.map((row) => jobPostingRow.parse(row)), total: counted.rows[0] ? countRow.parse(counted.rows[0]).total : 0 };
}
