import { generateCompanies, type Company } from './company';
import { dataQualityScore, QUALITY_FIELDS } from './data-quality';

const full: Company = {
  index: 0, company_id: '00000000-0000-8000-8000-000000000000', name: 'Acme', domain: 'acme-1.com', other_domains: [], industry: 'Software Development',
  naics_code: '513210', naics_sector: '51', description: 'Acme builds machine learning tools.', employee_count: 50, employee_range: '11-50',
  country: 'Germany', country_code: 'DE', state: 'Berlin', city: 'Berlin', technologies: ['React'], technology_categories: ['JavaScript frameworks'],
  founded_year: 2019, profile_url: 'https://www.linkedin.com/company/acme-1', funding_stage: 'seed', funding_total_usd: 2_000_000,
  last_funding_date: '2024-01-10',
};

function scoreWith(patch: Partial<Company>): number {
  return dataQualityScore({ ...full, ...patch });
}

describe('dataQualityScore', () => {
  it('counts the twelve fields of the decisions', () => {
    expect(QUALITY_FIELDS).toHaveLength(12);
    expect(dataQualityScore(full)).toBe(12);
  });

  it('does not count empty technologies, missing fields or fields outside the twelve', () => {
    expect(scoreWith({ technologies: [] })).toBe(11);
    expect(scoreWith({ funding_stage: null, funding_total_usd: null, city: null })).toBe(9);
    expect(scoreWith({ last_funding_date: null, naics_code: null, state: null })).toBe(12);
  });

  it('spreads real records over a range of scores', () => {
    const scores = new Set([...generateCompanies({ seed: 4, count: 5_000 })].map(dataQualityScore));
    expect(Math.max(...scores)).toBe(12);
    expect(Math.min(...scores)).toBeLessThanOrEqual(7);
  });
});
