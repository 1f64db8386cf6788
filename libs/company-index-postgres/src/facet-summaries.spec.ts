import { summaryTerms } from './facet-summaries';

describe('facet summary terms', () => {
  it('sums the values of one dimension', () => {
    expect(summaryTerms({ countries: ['Germany', 'France'] })).toEqual([
      { dim: 'country', value: 'Germany', sign: 1 },
      { dim: 'country', value: 'France', sign: 1 },
    ]);
  });

  it('sums the cities of a city filter, as one value per company', () => {
    expect(summaryTerms({ cities: ['Berlin', 'Lyon'] })).toEqual([
      { dim: 'city', value: 'Berlin', sign: 1 },
      { dim: 'city', value: 'Lyon', sign: 1 },
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

  it('reads a founded-year range as founded from its first year minus founded after its last', () => {
    expect(summaryTerms({ foundedYearMin: 1963, foundedYearMax: 2022 })).toEqual([
      { dim: 'founded_year_from', value: '1963', sign: 1 },
      { dim: 'founded_year_from', value: '2023', sign: -1 },
    ]);
  });

  it('reads a founded_year_min alone as one cumulative lookup', () => {
    expect(summaryTerms({ foundedYearMin: 1990 })).toEqual([{ dim: 'founded_year_from', value: '1990', sign: 1 }]);
  });

  it('reads a founded_year_max alone as every company with a founded year minus those founded after it', () => {
    expect(summaryTerms({ foundedYearMax: 1999 })).toEqual([
      { dim: 'founded_year_from', value: '-2147483648', sign: 1 },
      { dim: 'founded_year_from', value: '2000', sign: -1 },
    ]);
  });

  it('sums nothing for a founded-year range that ends before it starts', () => {
    expect(summaryTerms({ foundedYearMin: 2001, foundedYearMax: 2000 })).toEqual([]);
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
    ['a city with a country (two dimensions)', { cities: ['Berlin'], countries: ['Germany'] }],
    ['a state', { states: ['Bavaria'] }],
    ['connections', { connections: [{ category: 'investor' }] }],
  ])('leaves %s to the live count', (_label, filters) => {
    expect(summaryTerms(filters)).toBeUndefined();
  });

  it('treats an empty list as no filter', () => {
    expect(summaryTerms({ technologies: ['React'], connections: [] })).toEqual([{ dim: 'technology', value: 'React', sign: 1 }]);
  });
});
