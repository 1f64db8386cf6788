import { generateCompanies } from '@radar/dataset';
import type { IndexedCompany } from '../../src/company-index';
import { toIndexedCompany } from '../../src/dataset-company';
import { aSparseIndexedCompany } from '../indexed-company';

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
    /** Synonyms: one company writes "HR", another "human resources", a third only "dentistry". */
    abbreviated: IndexedCompany;
    spelledOut: IndexedCompany;
    dentistry: IndexedCompany;
    /** Free-text syntax: stop words, `or`, phrases, exclusions (the words are the fixture's own). */
    stopWordInName: IndexedCompany;
    stopWordInDomain: IndexedCompany;
    reversedWords: IndexedCompany;
    /** Keyword phrases with punctuation inside words. */
    apostropheAndDots: IndexedCompany;
    turkishSuffix: IndexedCompany;
  };
  /** Names outside ASCII, each with the word "kestrel" so a keyword filter finds them together. */
  nonAsciiNames: IndexedCompany[];
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
  const abbreviated = edgeCompany('e0000000-0000-4000-8000-000000000006', {
    name: 'Zeta Talent Group',
    description: 'Outsourced HR and payroll for growing teams.',
  });
  const spelledOut = edgeCompany('e0000000-0000-4000-8000-000000000007', {
    name: 'Zeta People Advisory',
    description: 'Human resources consulting for employers.',
  });
  const dentistry = edgeCompany('e0000000-0000-4000-8000-000000000008', {
    name: 'Zeta Smile Studio',
    description: 'A family dentistry practice.',
  });
  // "tolland of fenwick": the stop word is in the name of one and in the domain of the other.
  const stopWordInName = edgeCompany('e0000000-0000-4000-8000-000000000010', {
    name: 'Tolland of Fenwick',
    domain: 'tolland-fenwick.example',
    description: 'An oxmoor trading house.',
  });
  const stopWordInDomain = edgeCompany('e0000000-0000-4000-8000-000000000011', { name: 'Fenwick Drennan Works', domain: 'tolland-of-fenwick.example' });
  const reversedWords = edgeCompany('e0000000-0000-4000-8000-000000000012', { name: 'Fenwick Tolland', domain: 'fenwick-tolland.example' });
  const apostropheAndDots = edgeCompany('e0000000-0000-4000-8000-000000000013', {
    name: "O'Reilly Kestrel Media",
    description: 'Books for Node.js developers.',
  });
  const turkishSuffix = edgeCompany('e0000000-0000-4000-8000-000000000014', { name: 'Kestrel Yapı A.Ş.' });
  const nonAsciiNames = [
    'Émile Kestrel',
    'emile kestrel',
    'ÖSTERBERG KESTREL',
    'İzmir Kestrel',
    'ΣΑΣ Kestrel',
    'Ｚeta Kestrel',
    'zeta kestrel',
    '𝔘nicode Kestrel',
  ].map((name, position) => edgeCompany(`e0000000-0000-4000-8000-0000000001${String(position).padStart(2, '0')}`, { name }));
  const edge = {
    cloudy,
    machineLearning,
    connected,
    upperCaseName,
    lowerCaseName,
    abbreviated,
    spelledOut,
    dentistry,
    stopWordInName,
    stopWordInDomain,
    reversedWords,
    apostropheAndDots,
    turkishSuffix,
  };
  return {
    companies: [...generated, ...Object.values(edge), ...nonAsciiNames],
    edge,
    nonAsciiNames,
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
