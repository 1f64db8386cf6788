import { generateCompanies, generateCompany, type Company } from './company';
import { JOB_CATEGORIES, SENIORITIES } from './data/job-roles';
import { parseDay } from './dates';
import { generateJobPostings, JOB_POSTING_PRESENCE, type JobPosting } from './job-postings';

const SEED = 'postings';
const companies = [...generateCompanies({ seed: SEED, count: 20_000 })];
const postings: JobPosting[] = companies.flatMap((company) => generateJobPostings(company, SEED));

function largest(): Company {
  return companies.find((company) => company.employee_count === 10001) as Company;
}

describe('generateJobPostings', () => {
  it('lists postings newest first, undated ones last', () => {
    for (const company of companies.slice(0, 3_000)) {
      const dates = generateJobPostings(company, SEED).map((posting) => posting.first_seen_at);
      const dated = dates.filter((date): date is string => date !== null);
      expect(dated).toEqual([...dated].sort().reverse());
      expect(dates.slice(dated.length).every((date) => date === null)).toBe(true);
    }
  });

  it('always has a title, and values from the allowed sets where the other fields are present', () => {
    const seniorities = new Set<string>(SENIORITIES);
    const categories = new Set<string>(JOB_CATEGORIES);
    const wrong = postings.filter(
      (p) =>
        p.title.trim() === '' ||
        (p.seniority !== null && !seniorities.has(p.seniority)) ||
        (p.categories !== null && (p.categories.length === 0 || !p.categories.every((c) => categories.has(c)))) ||
        (p.first_seen_at !== null && !/^\d{4}-\d{2}-\d{2}$/.test(p.first_seen_at)) ||
        (p.url !== null && !p.url.startsWith('https://')),
    );
    expect(wrong).toEqual([]);
    expect(new Set(postings.map((p) => p.seniority).filter((s) => s !== null))).toEqual(seniorities);
  });

  it('leaves the optional fields out at the declared rates', () => {
    const rate = (present: (p: JobPosting) => boolean) => postings.filter(present).length / postings.length;
    expect(postings.length).toBeGreaterThan(5_000);
    expect(rate((p) => p.seniority !== null)).toBeCloseTo(JOB_POSTING_PRESENCE.seniority, 1);
    expect(rate((p) => p.categories !== null)).toBeCloseTo(JOB_POSTING_PRESENCE.categories, 1);
    expect(rate((p) => p.location !== null)).toBeCloseTo(JOB_POSTING_PRESENCE.location, 1);
    expect(rate((p) => p.first_seen_at !== null)).toBeCloseTo(JOB_POSTING_PRESENCE.first_seen_at, 1);
    expect(rate((p) => p.url !== null)).toBeCloseTo(JOB_POSTING_PRESENCE.url, 1);
  });

  it('gives most small companies no postings and large companies many', () => {
    const solo = companies.filter((c) => c.employee_count === 1);
    expect(solo.filter((c) => generateJobPostings(c, SEED).length === 0).length / solo.length).toBeGreaterThan(0.85);
    const big = companies.filter((c) => c.employee_count !== null && c.employee_count >= 5000);
    const mean = big.reduce((sum, c) => sum + generateJobPostings(c, SEED).length, 0) / big.length;
    expect(mean).toBeGreaterThan(20);
  });

  it('dates postings inside the window before the as-of day and moves them with it', () => {
    const company = largest();
    const june = generateJobPostings(company, SEED, { asOf: '2025-06-30', windowDays: 90 });
    const days = june.map((p) => p.first_seen_at).filter((d): d is string => d !== null).map(parseDay);
    expect(Math.max(...days)).toBeLessThanOrEqual(parseDay('2025-06-30'));
    expect(Math.min(...days)).toBeGreaterThan(parseDay('2025-06-30') - 90);
    const july = generateJobPostings(company, SEED, { asOf: '2025-07-10', windowDays: 90 });
    expect(july.map((p) => p.id)).toEqual(june.map((p) => p.id));
    expect(july.map((p) => p.first_seen_at && parseDay(p.first_seen_at))).toEqual(june.map((p) => p.first_seen_at && parseDay(p.first_seen_at) + 10));
  });

  it('is deterministic, keyed to the company, with distinct ids', () => {
    const company = generateCompany(SEED, companies.indexOf(largest()));
    expect(generateJobPostings(company, SEED)).toEqual(generateJobPostings(largest(), SEED));
    expect(generateJobPostings(company, SEED).every((p) => p.company_id === company.company_id)).toBe(true);
    expect(new Set(postings.map((p) => p.id)).size).toBe(postings.length);
    expect(generateJobPostings(company, 'another seed')).not.toEqual(generateJobPostings(company, SEED));
  });
});
