import type { JobOpeningFilters, ProviderItem } from '@radar/contracts';
import { applyJobOpeningFilters, passesJobOpeningFilters } from './job-opening-filters';

const NO_FILTERS: JobOpeningFilters = { title_keyword: null, seniority: [], categories: [] };

let counter = 0;
const opening = (title: string, seniority: string | null, categories: string[]): ProviderItem => ({
  id: `item-${(counter += 1)}`,
  signal_type: 'job_openings',
  category: categories[0] ?? null,
  happened_on: '2026-11-20',
  headline: `Acme is hiring a ${title}`,
  details: [`Title: ${title}`],
  source_url: null,
  job_opening: { title, seniority, categories, location: null },
});

const backend = opening('Senior Backend Engineer', 'mid_senior', ['software_development']);
const salesLead = opening('Head of Sales', 'head', ['sales', 'management']);
const junior = opening('Junior Data Analyst', 'junior', ['data_analysis']);
const unranked = opening('Engineering Intern', null, []);

const passing = (filters: Partial<JobOpeningFilters>, items = [backend, salesLead, junior, unranked]) =>
  items.filter((item) => passesJobOpeningFilters(item, { ...NO_FILTERS, ...filters })).map((item) => item.job_opening?.title);

describe('job opening filters (decisions.md)', () => {
  it('lets every posting through when no filter is set (null or blank keyword, empty lists)', () => {
    expect(passing({})).toHaveLength(4);
    expect(passing({ title_keyword: '  ' })).toHaveLength(4);
  });

  it('matches title_keyword as a case-insensitive substring of the title', () => {
    expect(passing({ title_keyword: 'ENGINEER' })).toEqual(['Senior Backend Engineer', 'Engineering Intern']);
    expect(passing({ title_keyword: 'data anal' })).toEqual(['Junior Data Analyst']);
    expect(passing({ title_keyword: 'designer' })).toEqual([]);
  });

  it('matches seniority when the posting has any of the listed values, and never a posting without one', () => {
    expect(passing({ seniority: ['head', 'junior'] })).toEqual(['Head of Sales', 'Junior Data Analyst']);
    expect(passing({ seniority: ['c_level'] })).toEqual([]);
  });

  it('matches categories when the posting has any of the listed values (case ignored)', () => {
    expect(passing({ categories: ['management'] })).toEqual(['Head of Sales']);
    expect(passing({ categories: ['Software_Development', 'data_analysis'] })).toEqual(['Senior Backend Engineer', 'Junior Data Analyst']);
  });

  it('requires every set filter to match', () => {
    expect(passing({ title_keyword: 'engineer', seniority: ['mid_senior'], categories: ['software_development'] })).toEqual(['Senior Backend Engineer']);
    expect(passing({ title_keyword: 'engineer', seniority: ['junior'] })).toEqual([]);
  });

  it('refuses a job opening item that carries no posting facts once a filter is set', () => {
    const bare: ProviderItem = { ...backend, id: 'bare', job_opening: null };
    expect(passesJobOpeningFilters(bare, { ...NO_FILTERS, title_keyword: 'engineer' })).toBe(false);
    expect(passesJobOpeningFilters(bare, NO_FILTERS)).toBe(true);
  });

  it('ignores the filters for every signal type but job_openings', () => {
    const news: ProviderItem = { ...backend, id: 'news', signal_type: 'news_events', job_opening: null };
    const strict: JobOpeningFilters = { title_keyword: 'nothing matches this', seniority: ['founder'], categories: ['legal'] };
    expect(applyJobOpeningFilters([news], 'news_events', strict)).toEqual([news]);
    expect(applyJobOpeningFilters([backend, salesLead], 'job_openings', strict)).toEqual([]);
    expect(applyJobOpeningFilters([backend, salesLead], 'job_openings', { ...NO_FILTERS, seniority: ['head'] })).toEqual([salesLead]);
  });
});
