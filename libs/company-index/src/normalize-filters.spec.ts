import { normalizeFilters } from './normalize-filters';

describe('normalizeFilters', () => {
  it('resolves the employee range to the band values inside it', () => {
    expect(normalizeFilters({ employee_count_min: 11, employee_count_max: 1000 }).filters.employeeCounts).toEqual([50, 200, 500, 1000]);
  });

  it('resolves a range that holds no band value to an empty list (matches nothing), not to no filter', () => {
    expect(normalizeFilters({ employee_count_min: 5001, employee_count_max: 9999 }).filters.employeeCounts).toEqual([]);
  });

  it('intersects employee_bands with the range', () => {
    expect(normalizeFilters({ employee_bands: [10001, 10, 500], employee_count_max: 600 }).filters.employeeCounts).toEqual([10, 500]);
  });

  it('expands hyphenated NAICS sectors to their prefixes and keeps codes beside them', () => {
    const { filters } = normalizeFilters({ naics_sectors: ['31-33', '54', '48-49'], naics_codes: ['722511'] });
    expect(filters.naicsPrefixes).toEqual(['31', '32', '33', '54', '48', '49']);
    expect(filters.naicsCodes).toEqual(['722511']);
  });

  it('drops empty lists and blank queries so they filter nothing', () => {
    expect(normalizeFilters({ countries: [], query: '   ', keywords: [], employee_bands: [] }).filters).toEqual({});
  });

  it('normalises connection filters: lower-case ids and bare domains', () => {
    const { filters } = normalizeFilters({
      connections: [{ category: 'vendor', connected_domain: 'https://www.Acme.com/', connected_company_id: 'DD8D9EA8-E49D-805C-B9DD-09BB544B927C' }],
    });
    expect(filters.connections).toEqual([
      { category: 'vendor', connectedDomain: 'acme.com', connectedCompanyId: 'dd8d9ea8-e49d-805c-b9dd-09bb544b927c' },
    ]);
  });

  it('collapses keywords and reports it, but exclude_keywords never set the flag', () => {
    expect(normalizeFilters({ keywords: ['AI', 'ai'] })).toEqual({ filters: { keywords: ['ai'] }, keywordPhrasesCollapsed: true });
    expect(normalizeFilters({ exclude_keywords: ['AI', 'ai'] })).toEqual({ filters: { excludeKeywords: ['ai'] }, keywordPhrasesCollapsed: false });
  });
});
