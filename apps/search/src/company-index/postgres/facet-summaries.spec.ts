import { summaryTerms } from './facet-summaries';

describe('facet summary terms', () => {
  it('sums the values of one dimension', () => {
    expect(summaryTerms({ countries: ['Germany', 'France'] })).toEqual([
      { dim: 'country', value: 'Germany', sign: 1 },
      { dim: 'country', value: 'France', sign: 1 },
    ]);
  });

  it('counts everything when nothing is filtered', () => {
    expect(summaryTerms({})).toEqual([{ dim: 'all', value: '', sign: 1 }]);
  });

  it('takes excluded industries away from everything, so companies without an industry stay', () => {
    expect(summaryTerms({ excludeIndustries: ['Retail'] })).toEqual([
      { dim: 'all', value: '', sign: 1 },
      { dim: 'industry', value: 'Retail', sign: -1 },
    ]);
  });

  it('keeps the industries that are not also excluded', () => {
    expect(summaryTerms({ industries: ['Retail', 'Banking'], excludeIndustries: ['Retail'] })).toEqual([{ dim: 'industry', value: 'Banking', sign: 1 }]);
  });

  it('expands a founded-year range into its years', () => {
    expect(summaryTerms({ foundedYearMin: 2020, foundedYearMax: 2022 })?.map((term) => term.value)).toEqual(['2020', '2021', '2022']);
  });

  it('sums nothing for an employee range that holds no band', () => {
    expect(summaryTerms({ employeeCounts: [] })).toEqual([]);
  });

  it.each([
    ['two dimensions', { countries: ['Germany'], industries: ['Retail'] }],
    ['a free-text query', { query: 'cloud' }],
    ['keywords', { keywords: ['machine learning'] }],
    ['several technologies (their companies overlap)', { technologies: ['React', 'Vue'] }],
    ['a NAICS prefix longer than a sector', { naicsPrefixes: ['5112'] }],
    ['exact NAICS codes', { naicsCodes: ['541511'] }],
    ['cities', { cities: ['Berlin'] }],
    ['connections', { connections: [{ category: 'investor' }] }],
  ])('leaves %s to the live count', (_label, filters) => {
    expect(summaryTerms(filters)).toBeUndefined();
  });

  it('treats an empty list as no filter', () => {
    expect(summaryTerms({ technologies: ['React'], connections: [] })).toEqual([{ dim: 'technology', value: 'React', sign: 1 }]);
  });
});
