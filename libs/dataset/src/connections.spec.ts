import { companyIdentity, generateCompanies, indexFromCompanyId, type Company } from './company';
import { CONNECTION_CATEGORIES, generateConnections, type Connection } from './connections';

const SEED = 88;
const COUNT = 13_000_000;
const companies: Company[] = [...generateCompanies({ seed: SEED, count: COUNT, start: 6_000_000, end: 6_020_000 })];
const all: (Connection & { from: number })[] = companies.flatMap((company) =>
  generateConnections(company, { seed: SEED, count: COUNT }).map((connection) => ({ ...connection, from: company.index })),
);

describe('generateConnections', () => {
  it('points every connection at another company of the same id space', () => {
    expect(all.length).toBeGreaterThan(10_000);
    const outside = all.filter((connection) => {
      const target = indexFromCompanyId(SEED, connection.connected_company_id);
      if (target === null || target >= COUNT || target === connection.from) return true;
      const identity = companyIdentity(SEED, target);
      return identity.domain !== connection.connected_domain || identity.name !== connection.connected_name;
    });
    expect(outside).toEqual([]);
  });

  it('keeps targets inside a small id space too', () => {
    const small = [...generateCompanies({ seed: SEED, count: 50 })];
    for (const company of small) {
      for (const connection of generateConnections(company, { seed: SEED, count: 50 })) {
        const target = indexFromCompanyId(SEED, connection.connected_company_id);
        expect(target).not.toBeNull();
        expect(target as number).toBeLessThan(50);
        expect(target).not.toBe(company.index);
      }
    }
  });

  it('uses the seven categories, investors only for funded companies, at most one parent', () => {
    expect(new Set(all.map((c) => c.category))).toEqual(new Set(CONNECTION_CATEGORIES));
    const funded = new Set(companies.filter((c) => c.funding_stage !== null).map((c) => c.company_id));
    expect(all.filter((c) => c.category === 'investor' && !funded.has(c.company_id))).toEqual([]);
    for (const company of companies.slice(0, 2_000)) {
      const list = generateConnections(company, { seed: SEED, count: COUNT });
      expect(list.filter((c) => c.category === 'parent').length).toBeLessThanOrEqual(1);
      expect(new Set(list.map((c) => c.connected_company_id)).size).toBe(list.length);
    }
  });

  it('lists connections newest first and is deterministic', () => {
    for (const company of companies.slice(0, 2_000)) {
      const list = generateConnections(company, { seed: SEED, count: COUNT });
      const dates = list.map((c) => c.first_seen_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(generateConnections(company, { seed: SEED, count: COUNT })).toEqual(list);
    }
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('refuses a company outside the id space', () => {
    expect(() => generateConnections(companies[0] as Company, { seed: SEED, count: 100 })).toThrow(RangeError);
  });
});
