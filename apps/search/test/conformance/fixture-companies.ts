import { generateCompanies } from '@radar/dataset';
import type { IndexedCompany } from '../../src/company-index/company-index';
import { toIndexedCompany } from '../../src/dataset/dataset-records';
import { aSparseIndexedCompany } from '../../src/company-index/testing/indexed-company';

/** The small generated dataset the suite searches: enough for every facet and sort to have ties and gaps. */
export const FIXTURE_SEED = 11;
export const GENERATED_COUNT = 400;

function edgeCompany(id: string, overrides: Partial<IndexedCompany>): IndexedCompany {
  return aSparseIndexedCompany({ id, name: 'Edge Company', domain: `edge-${id.slice(-4)}.example`, ...overrides });
}

export interface Fixture {
  companies: IndexedCompany[];
  /** Companies made by hand for rules the generated data may not exercise. */
  edge: {
    cloudy: IndexedCompany;
    machineLearning: IndexedCompany;
    connected: IndexedCompany;
    upperCaseName: IndexedCompany;
    lowerCaseName: IndexedCompany;
  };
  /** Two generated companies the connected edge company points at. */
  investorTarget: IndexedCompany;
  vendorTarget: IndexedCompany;
}

export function buildFixture(): Fixture {
  const generated = [...generateCompanies({ seed: FIXTURE_SEED, count: GENERATED_COUNT })].map((company) =>
    toIndexedCompany(company, FIXTURE_SEED, GENERATED_COUNT),
  );
  const [investorTarget, vendorTarget] = [generated[3], generated[4]] as [IndexedCompany, IndexedCompany];
  const cloudy = edgeCompany('e0000000-0000-4000-8000-000000000001', {
    name: 'Zeta Cloudy Foods',
    description: 'Cloudy-day snacks, baked fresh.',
    country: 'Germany',
    countryCode: 'DE',
    dataQualityScore: 4,
  });
  const machineLearning = edgeCompany('e0000000-0000-4000-8000-000000000002', {
    name: 'zeta Machine-Learning Labs',
    description: 'We build MACHINE   learning tools.',
    industry: 'Software Development',
    employeeCount: 10,
    foundedYear: 2024,
    dataQualityScore: 6,
  });
  const connected = edgeCompany('e0000000-0000-4000-8000-000000000003', {
    name: 'ZETA Partners',
    connections: [
      { category: 'investor', connectedCompanyId: investorTarget.id, connectedDomain: investorTarget.domain },
      { category: 'vendor', connectedCompanyId: vendorTarget.id, connectedDomain: vendorTarget.domain },
    ],
  });
  const upperCaseName = edgeCompany('e0000000-0000-4000-8000-000000000004', { name: 'ABBOTT Zeta', dataQualityScore: 2 });
  const lowerCaseName = edgeCompany('e0000000-0000-4000-8000-000000000005', { name: 'abbott yarrow', dataQualityScore: 2 });
  return {
    companies: [...generated, cloudy, machineLearning, connected, upperCaseName, lowerCaseName],
    edge: { cloudy, machineLearning, connected, upperCaseName, lowerCaseName },
    investorTarget,
    vendorTarget,
  };
}

/** The most frequent value of a field among the companies (ties by value), for filters that surely match something. */
export function commonest<T extends string | number>(values: (T | null | undefined)[], rank = 0): T {
  const counts = new Map<T, number>();
  for (const value of values) if (value !== null && value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const entry = sorted[rank];
  if (!entry) throw new Error('no such value in the fixture');
  return entry[0];
}
