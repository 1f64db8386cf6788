import { companyFiltersSchema } from './companies';
import { companyLookupRequestSchema, similarCompaniesRequestSchema } from './company-lists';

const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] =>
  (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'));

const ID = '3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40';

describe('the domains filter', () => {
  it('accepts domains, URLs and email addresses', () => {
    expect(companyFiltersSchema.safeParse({ domains: ['acme.com', 'https://www.acme.de/x', 'ana@acme.io'] }).success).toBe(true);
  });

  it('refuses [] and an entry that is not a domain, naming domains.<index>', () => {
    expect(pathsOf(companyFiltersSchema.safeParse({ domains: [] }))).toEqual(['domains']);
    expect(pathsOf(companyFiltersSchema.safeParse({ domains: ['acme.com', 'acme'] }))).toEqual(['domains.1']);
  });

  it('refuses more than 1,000 entries', () => {
    expect(pathsOf(companyFiltersSchema.safeParse({ domains: Array.from({ length: 1_001 }, (_, i) => `a${i}.com`) }))).toEqual(['domains']);
  });
});

describe('the lookup request', () => {
  it('refuses no items, more than 100, and a ref over 200 characters with 0-based paths', () => {
    expect(pathsOf(companyLookupRequestSchema.safeParse({ items: [] }))).toEqual(['items']);
    expect(pathsOf(companyLookupRequestSchema.safeParse({ items: Array.from({ length: 101 }, () => ({ domain: 'a.com' })) }))).toEqual(['items']);
    const items = [{ domain: 'a.com' }, { domain: 'b.com' }, { name: 'B' }, { ref: 'x'.repeat(201), name: 'C' }];
    expect(pathsOf(companyLookupRequestSchema.safeParse({ items }))).toEqual(['items.3.ref']);
    expect(pathsOf(companyLookupRequestSchema.safeParse({ items: [{ name: 5 }] }))).toEqual(['items.0.name']);
  });

  it('accepts an entry with neither domain nor name (its result is invalid, not the call)', () => {
    expect(companyLookupRequestSchema.safeParse({ items: [{ ref: 'r' }] }).success).toBe(true);
  });
});

describe('the similar companies request', () => {
  it('names a repeated id by its later index', () => {
    expect(pathsOf(similarCompaniesRequestSchema.safeParse({ company_ids: [ID, ID.toUpperCase()] }))).toEqual(['company_ids.1']);
  });

  it('refuses query and sort inside filters as unknown fields', () => {
    const result = similarCompaniesRequestSchema.safeParse({ company_ids: [ID], filters: { query: 'x', sort_by: 'name' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('refuses 21 seeds and a limit over 100', () => {
    expect(pathsOf(similarCompaniesRequestSchema.safeParse({ company_ids: [ID], limit: 101 }))).toEqual(['limit']);
    expect(pathsOf(similarCompaniesRequestSchema.safeParse({ company_ids: [] }))).toEqual(['company_ids']);
  });
});
