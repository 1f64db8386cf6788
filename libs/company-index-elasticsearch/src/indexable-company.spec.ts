import { anIndexedCompany } from '@radar/company-index/testing';
import { toCompanyDocument } from './company-document';
import { COMPANY_MAPPINGS } from './company-index-definition';
import { KEYWORD_IGNORE_ABOVE, UnindexableCompanyError } from './indexable-company';

function problemOf(overrides: Parameters<typeof anIndexedCompany>[0]): string | undefined {
  try {
    toCompanyDocument(anIndexedCompany(overrides), []);
    return undefined;
  } catch (error) {
    if (error instanceof UnindexableCompanyError) return error.problem;
    throw error;
  }
}

describe('toCompanyDocument validation', () => {
  it('accepts a well-formed company', () => {
    expect(problemOf({ id: 'id-1', lastFundingDate: '2024-02-29' })).toBeUndefined();
  });

  it('refuses dates the strict_date mapping would refuse', () => {
    expect(problemOf({ lastFundingDate: '2023-02-30' })).toMatch(/last_funding_date "2023-02-30" is not a calendar date/);
    expect(problemOf({ lastFundingDate: '14/06/2023' })).toMatch(/last_funding_date/);
  });

  it('refuses ids, names and descriptions longer than the index holds', () => {
    expect(problemOf({ id: 'i'.repeat(513) })).toMatch(/id of 513 bytes/);
    expect(problemOf({ id: '' })).toMatch(/id of 0 bytes/);
    expect(problemOf({ name: 'n'.repeat(KEYWORD_IGNORE_ABOVE + 1) })).toMatch(/name of 1025 characters/);
    expect(problemOf({ description: 'd'.repeat(100_001) })).toMatch(/description of 100001 characters/);
  });

  it('refuses numbers the integer fields cannot hold', () => {
    expect(problemOf({ foundedYear: 2014.5 })).toMatch(/founded_year 2014.5/);
    expect(problemOf({ employeeCount: 3_000_000_000 })).toMatch(/employee_count/);
  });

  it('maps every keyword with ignore_above, so an overlong value is kept in _source rather than refused', () => {
    const keywords = Object.entries(COMPANY_MAPPINGS.properties ?? {}).filter(([, property]) => property.type === 'keyword' && (property as { index?: boolean }).index !== false);
    expect(keywords.length).toBeGreaterThan(10);
    for (const [, property] of keywords) expect(property).toMatchObject({ ignore_above: KEYWORD_IGNORE_ABOVE });
  });
});
