import { generateCompanies } from './company';
import { INDUSTRIES } from './data/industries';
import { NAICS_2022_INDUSTRIES, NAICS_SECTOR_CODES, naicsSectorOf } from './data/naics-2022';

describe('NAICS 2022', () => {
  it('has exactly the twenty sectors the search API accepts', () => {
    expect(NAICS_SECTOR_CODES).toEqual([
      '11', '21', '22', '23', '31-33', '42', '44-45', '48-49', '51', '52', '53', '54', '55', '56', '61', '62', '71', '72', '81', '92',
    ]);
  });

  it('maps multi-prefix sectors to their hyphenated code and unknown prefixes to null', () => {
    expect(naicsSectorOf('334413')).toBe('31-33');
    expect(naicsSectorOf('458110')).toBe('44-45');
    expect(naicsSectorOf('492110')).toBe('48-49');
    expect(naicsSectorOf('513210')).toBe('51');
    expect(naicsSectorOf('991234')).toBeNull();
  });

  it('gives every industry label six-digit codes that all lie in a valid sector', () => {
    for (const industry of INDUSTRIES) {
      expect(industry.naics.length).toBeGreaterThan(0);
      for (const code of industry.naics) {
        expect(code).toMatch(/^\d{6}$/);
        expect(NAICS_2022_INDUSTRIES[code]).toBeDefined();
        expect(NAICS_SECTOR_CODES).toContain(naicsSectorOf(code));
      }
    }
  });

  it('has no industry label twice', () => {
    expect(new Set(INDUSTRIES.map((industry) => industry.label)).size).toBe(INDUSTRIES.length);
  });

  it('keeps every company code consistent with its sector and its industry', () => {
    const codesOf = new Map(INDUSTRIES.map((industry) => [industry.label, new Set(industry.naics)]));
    const sectors = new Set<string>();
    const inconsistent = [];
    for (const company of generateCompanies({ seed: 31, count: 50_000 })) {
      if (company.naics_code === null) {
        if (company.naics_sector !== null) inconsistent.push(company);
        continue;
      }
      sectors.add(company.naics_sector ?? 'none');
      const fits =
        company.industry !== null &&
        codesOf.get(company.industry)?.has(company.naics_code) === true &&
        company.naics_sector === naicsSectorOf(company.naics_code);
      if (!fits) inconsistent.push(company);
    }
    expect(inconsistent).toEqual([]);
    expect([...sectors].sort()).toEqual([...NAICS_SECTOR_CODES].sort());
  });
});
