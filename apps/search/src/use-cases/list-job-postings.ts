import type { z } from 'zod';
import type { jobPostingSchema, jobPostingsResponseSchema } from '@radar/contracts';
import { jobPostingsPage, type JobPostingRecord } from '../data/job-postings.repository';
import type { SearchDeps } from './deps';
import { findCompany } from './get-company';

type JobPostingView = z.infer<typeof jobPostingSchema>;
type JobPostingsResponse = z.infer<typeof jobPostingsResponseSchema>;

/** Absent fields are left out of the record, not sent as null (interface.md: "may be absent"). */
function toView(posting: JobPostingRecord): JobPostingView {
  const view: JobPostingView = { title: posting.title };
  if (posting.seniority !== null) view.seniority = posting.seniority;
  if (posting.categories.length > 0) view.categories = posting.categories;
  if (posting.location !== null) view.location = posting.location;
  if (posting.firstSeenAt !== null) view.first_seen_at = posting.firstSeenAt;
  if (posting.url !== null) view.url = posting.url;
  return view;
}

/** GET /companies/{company_id}/job-postings: a page of open postings, newest first. */
export async function listJobPostings(
  deps: Pick<SearchDeps, 'pool'>,
  companyId: string,
  page: number,
  pageSize: number,
): Promise<JobPostingsResponse> {
  const company = await findCompany(deps, companyId);
  const result = await jobPostingsPage(deps.pool, company.company_id, { offset: (page - 1) * pageSize, limit: pageSize });
  return { items: result.items.map(toView), total: result.total, page, page_size: pageSize };
}
