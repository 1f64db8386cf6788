import { generateJobPostings, type Company, type DatasetSeed } from '@radar/dataset';
import type { StoredJobPosting } from '@radar/company-index-postgres';

/** A generated company's open job postings, in the generator's newest-first order. */
export function storedJobPostings(company: Company, seed: DatasetSeed): StoredJobPosting[] {
  return generateJobPostings(company, seed).map((posting, position) => ({
    id: posting.id,
    companyId: posting.company_id,
    position,
    title: posting.title,
    seniority: posting.seniority,
    categories: posting.categories === null ? [] : [...posting.categories],
    location: posting.location,
    firstSeenAt: posting.first_seen_at,
    url: posting.url,
  }));
}
