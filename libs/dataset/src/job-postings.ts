import { companyProfile, type Company, type CompanyProfile } from './company';
import type { JobCategory, Seniority } from './data/job-roles';
import { DATASET_AS_OF, formatDay, parseDay } from './dates';
import { bandRank, type EmployeeBand } from './employee-bands';
import { IdKind, recordId } from './ids';
import { drawRole, urlSlug } from './job-title';
import { Rng, seedKey, Stream, type DatasetSeed, type SeedKey } from './prng';

/** A job opening as the job-postings endpoint lists it; absent fields are null. */
export interface JobPosting {
  readonly id: string;
  readonly company_id: string;
  /** Always present. */
  readonly title: string;
  readonly seniority: Seniority | null;
  readonly categories: readonly JobCategory[] | null;
  readonly location: string | null;
  /** YYYY-MM-DD. */
  readonly first_seen_at: string | null;
  readonly url: string | null;
}

export interface JobPostingOptions {
  /** The day the postings are open on (default: the dataset date). */
  readonly asOf?: string;
  /** How far back postings were first seen, in days (default 120). */
  readonly windowDays?: number;
}

export const JOB_POSTING_PRESENCE = {
  seniority: 0.88,
  categories: 0.9,
  location: 0.87,
  first_seen_at: 0.94,
  url: 0.8,
} as const;

/** Mean number of open postings by band rank (geometric counts: most small companies have none). */
const MEAN_OPEN_POSTINGS = [0.08, 0.4, 1.2, 3, 7, 14, 30, 60, 110] as const;
const UNKNOWN_SIZE_MEAN = 0.8;
const MAX_POSTINGS = 300;

export type JobBoard = 'greenhouse' | 'lever' | 'workable' | 'careers_page';
const BOARDS: readonly JobBoard[] = ['greenhouse', 'lever', 'workable', 'careers_page', 'careers_page'];

export function drawPostingCount(rng: Rng, band: EmployeeBand | null, boost = 1): number {
  const mean = (band === null ? UNKNOWN_SIZE_MEAN : (MEAN_OPEN_POSTINGS[bandRank(band)] as number)) * boost;
  const ratio = mean / (1 + mean);
  const count = Math.floor(Math.log(1 - rng.float()) / Math.log(ratio));
  return Math.min(MAX_POSTINGS, count);
}

function hex(rng: Rng, length: number): string {
  let text = '';
  while (text.length < length) text += rng.next().toString(16).padStart(8, '0');
  return text.slice(0, length);
}

export function postingUrl(rng: Rng, board: JobBoard, profile: CompanyProfile, title: string): string {
  switch (board) {
    case 'greenhouse': return `https://boards.greenhouse.io/${profile.handle}/jobs/${rng.between(4_000_000, 7_999_999)}`;
    case 'lever': return `https://jobs.lever.co/${profile.handle}/${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
    case 'workable': return `https://apply.workable.com/${profile.handle}/j/${hex(rng, 10).toUpperCase()}`;
    case 'careers_page': return `https://${profile.identity.domain}/careers/${urlSlug(title)}-${rng.between(100, 9999)}`;
  }
}

/** Where a posting is: the company's city, another business centre of its country, or remote. */
export function postingLocation(rng: Rng, company: Company, profile: CompanyProfile): string | null {
  if (rng.chance(0.12)) return company.country === null ? 'Remote' : `Remote, ${company.country}`;
  if (profile.geo.hubs !== null && company.country !== null && rng.chance(0.2)) {
    const hub = profile.geo.hubs.draw(rng);
    return `${hub.city}, ${hub.state}, ${company.country}`;
  }
  if (company.city !== null) return [company.city, company.state, company.country].filter((part) => part !== null).join(', ');
  return company.country;
}

interface Dated {
  readonly day: number | null;
  readonly ordinal: number;
}

/** Newest first; postings without a date last; ties in the order they were drawn. */
export function byNewestFirst(a: Dated, b: Dated): number {
  if (a.day === b.day) return a.ordinal - b.ordinal;
  if (a.day === null) return 1;
  if (b.day === null) return -1;
  return b.day - a.day;
}

function buildPostings(key: SeedKey, company: Company, options: JobPostingOptions): JobPosting[] {
  const asOfDay = parseDay(options.asOf ?? DATASET_AS_OF);
  const windowDays = options.windowDays ?? 120;
  const profile = companyProfile(key, company.index);
  const rng = new Rng(key, Stream.jobPostings, company.index);
  const board = rng.pick(BOARDS);
  const count = drawPostingCount(rng, company.employee_count);
  const small = company.employee_count === null || bandRank(company.employee_count) <= 2;
  const drawn: (JobPosting & Dated)[] = [];
  for (let ordinal = 0; ordinal < count; ordinal += 1) {
    const role = drawRole(rng, profile.group, small);
    const day = rng.chance(JOB_POSTING_PRESENCE.first_seen_at) ? asOfDay - rng.int(windowDays) : null;
    const categories: JobCategory[] = role.leadership && rng.chance(0.3) ? [role.category, 'management'] : [role.category];
    drawn.push({
      id: recordId(key, company.index, IdKind.jobPosting, ordinal),
      company_id: company.company_id,
      title: role.title,
      seniority: rng.chance(JOB_POSTING_PRESENCE.seniority) ? role.seniority : null,
      categories: rng.chance(JOB_POSTING_PRESENCE.categories) ? categories : null,
      location: rng.chance(JOB_POSTING_PRESENCE.location) ? postingLocation(rng, company, profile) : null,
      first_seen_at: day === null ? null : formatDay(day),
      url: rng.chance(JOB_POSTING_PRESENCE.url) ? postingUrl(rng, board, profile, role.title) : null,
      day,
      ordinal,
    });
  }
  drawn.sort(byNewestFirst);
  return drawn.map(({ day: _day, ordinal: _ordinal, ...posting }) => posting);
}

/**
 * The company's open job postings, newest first. Deterministic in (seed, company index,
 * asOf), so a service can store them or draw them again on request.
 */
export function generateJobPostings(company: Company, seed: DatasetSeed, options: JobPostingOptions = {}): JobPosting[] {
  return buildPostings(seedKey(seed), company, options);
}
