import { companyIdentity, generateCompanies, generateCompany, generateCompanyBatches, indexFromCompanyId, indexFromDomain, type Company } from './company';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DOMAIN = /^[a-z0-9]+-[0-9a-z]{1,7}(\.[a-z]{2,3}){1,2}$/;

function take(options: Parameters<typeof generateCompanies>[0]): Company[] {
  return [...generateCompanies(options)];
}

describe('generateCompanies', () => {
  it('gives the same records for the same seed', () => {
    expect(take({ seed: 11, count: 2_000 })).toEqual(take({ seed: 11, count: 2_000 }));
    expect(take({ seed: 'radar-dev', count: 500 })).toEqual(take({ seed: 'radar-dev', count: 500 }));
  });

  it('gives different records for a different seed', () => {
    const first = take({ seed: 11, count: 1_000 });
    const second = take({ seed: 12, count: 1_000 });
    const sameName = first.filter((company, i) => company.name === second[i]?.name).length;
    expect(new Set(first.map((c) => c.company_id)).size).toBe(1_000);
    expect(first.some((c, i) => c.company_id === second[i]?.company_id)).toBe(false);
    expect(sameName).toBeLessThan(50);
  });

  it('generates a slice starting at k exactly as the full run does from k', () => {
    const full = take({ seed: 3, count: 5_000 });
    expect(take({ seed: 3, count: 5_000, start: 3_210 })).toEqual(full.slice(3_210));
    expect(take({ seed: 3, count: 5_000, start: 1_000, end: 1_250 })).toEqual(full.slice(1_000, 1_250));
    expect(generateCompany(3, 4_321)).toEqual(full[4_321]);
  });

  it('does not let the dataset size change a record (count only bounds the slice)', () => {
    expect(take({ seed: 3, count: 13_000_000, start: 100, end: 200 })).toEqual(take({ seed: 3, count: 300, start: 100, end: 200 }));
  });

  it('yields the same records in batches, the last one partial', () => {
    const batches = [...generateCompanyBatches({ seed: 5, count: 1_050, batchSize: 200 })];
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 200, 200, 200, 50]);
    expect(batches.flat()).toEqual(take({ seed: 5, count: 1_050 }));
  });

  it('numbers records by their index', () => {
    expect(take({ seed: 1, count: 50, start: 40 }).map((c) => c.index)).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
  });

  it('rejects slices outside the id space', () => {
    expect(() => take({ seed: 1, count: 10, start: 5, end: 11 })).toThrow(RangeError);
    expect(() => take({ seed: 1, count: 10, start: 6, end: 5 })).toThrow(RangeError);
    expect(() => take({ seed: 1, count: -1 })).toThrow(RangeError);
    expect(() => generateCompany(1.5, 0)).toThrow(RangeError);
    expect(() => generateCompany(1, -1)).toThrow(RangeError);
  });

  it('gives every one of 200,000 companies a distinct UUID-format id and a distinct domain', () => {
    const ids = new Set<string>();
    const domains = new Set<string>();
    let badId = 0;
    let badDomain = 0;
    for (const company of generateCompanies({ seed: 2024, count: 200_000 })) {
      ids.add(company.company_id);
      domains.add(company.domain);
      if (!UUID.test(company.company_id)) badId += 1;
      if (!DOMAIN.test(company.domain)) badDomain += 1;
    }
    expect(badId).toBe(0);
    expect(badDomain).toBe(0);
    expect(ids.size).toBe(200_000);
    expect(domains.size).toBe(200_000);
  });

  it('keeps ids and domains distinct at the far end of a 13-million id space', () => {
    const tail = take({ seed: 2024, count: 13_000_000, start: 12_990_000 });
    const head = take({ seed: 2024, count: 10_000 });
    const all = [...head, ...tail];
    expect(new Set(all.map((c) => c.company_id)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.domain)).size).toBe(all.length);
  });
});

describe('reading an index back', () => {
  it('finds the index of a company id and of a domain of the same seed', () => {
    for (const company of take({ seed: 9, count: 13_000_000, start: 12_345_000, end: 12_345_200 })) {
      expect(indexFromCompanyId(9, company.company_id)).toBe(company.index);
      expect(indexFromCompanyId(9, company.company_id.toUpperCase())).toBe(company.index);
      expect(indexFromDomain(9, company.domain)).toBe(company.index);
    }
  });

  it('returns null for ids and domains that are not companies of the seed', () => {
    const company = generateCompany(9, 77);
    expect(indexFromCompanyId(10, company.company_id)).toBeNull();
    expect(indexFromDomain(10, company.domain)).toBeNull();
    expect(indexFromCompanyId(9, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(indexFromCompanyId(9, 'acme.com')).toBeNull();
    expect(indexFromDomain(9, 'acme.com')).toBeNull();
    expect(indexFromDomain(9, company.domain.replace(/^[a-z]+/, 'other'))).toBeNull();
  });

  it('draws the same identity on its own as inside the full record', () => {
    const company = generateCompany(9, 4_242);
    expect(companyIdentity(9, 4_242)).toEqual({ index: 4_242, company_id: company.company_id, name: company.name, domain: company.domain });
  });
});
