import type { CompanyIndex } from '@radar/company-index';
import type { CompanyRepository } from '../data/company.repository';
import type { JobPostingRepository } from '../data/job-posting.repository';
import type { SavedCompaniesRepository } from '../data/saved-companies.repository';
import type { CursorCodec } from '../search/cursor-codec';

export interface SearchDeps {
  companyIndex: CompanyIndex;
  companies: CompanyRepository;
  jobPostings: JobPostingRepository;
  saved: SavedCompaniesRepository;
  cursors: CursorCodec;
}
