import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { similarityTo } from '@radar/company-index';
import { SeedScorer } from './seed-scorer';
import { SimilarityColumns } from './similarity-columns';

const maybe = <T>(values: T[]) => fc.option(fc.constantFrom(...values), { nil: null });
const company = fc.tuple(
  maybe(['Software', 'Retail', 'Banking']),
  maybe(['541511', '445110', '522110', '541611']),
  maybe([10, 50, 200]),
  maybe(['Germany', 'France']),
  fc.uniqueArray(fc.constantFrom('java', 'react', 'aws', 'sap', 'go'), { maxLength: 5 }),
  fc.uniqueArray(fc.integer({ min: 0, max: 40 }).map((n) => `term${n}`), { maxLength: 25 }),
);

function columnsOf(companies: (typeof company extends fc.Arbitrary<infer T> ? T : never)[]): SimilarityColumns {
  const columns = new SimilarityColumns('1', companies.length);
  const ids = companies.map(() => randomUUID()).sort();
  companies.forEach(([industry, naics, employees, country, technologies, terms], i) => columns.append([ids[i] as string, industry, naics, employees, country, technologies, terms]));
  return columns;
}

describe('SeedScorer', () => {
  it('scores every company exactly as the rule does, and never above its bound', () => {
    fc.assert(
      fc.property(fc.array(company, { minLength: 2, maxLength: 40 }), fc.integer({ min: 1, max: 20 }), (companies, seedCount) => {
        const columns = columnsOf(companies);
        const seeds = Array.from({ length: Math.min(seedCount, companies.length) }, (_, i) => i);
        const scorer = new SeedScorer(columns, seeds);
        const profiles = seeds.map((seed) => columns.profileOf(seed));
        for (let ordinal = 0; ordinal < columns.size; ordinal += 1) {
          const exact = similarityTo(columns.profileOf(ordinal), profiles);
          expect(scorer.score(ordinal)).toBe(exact);
          expect(scorer.bound(ordinal)).toBeGreaterThanOrEqual(exact);
          expect(scorer.bound(ordinal)).toBeGreaterThanOrEqual(scorer.base(ordinal));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('visits every company whose score can reach the floor, and only those its limits let through', () => {
    fc.assert(
      fc.property(
        fc.array(company, { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        // Some or all term postings left uncounted: their pairs are assumed of every company.
        fc.integer({ min: 0, max: 60 }),
        (companies, seedCount, floor, countedPostings) => {
          const columns = columnsOf(companies);
          const seeds = Array.from({ length: Math.min(seedCount, companies.length) }, (_, i) => i);
          const scorer = new SeedScorer(columns, seeds, countedPostings);
          const visited: number[] = [];
          scorer.forEachReaching(() => floor, (ordinal) => ordinal % 3 === 0, (ordinal) => visited.push(ordinal));
          for (let ordinal = 0; ordinal < columns.size; ordinal += 1) {
            if (ordinal % 3 !== 0 && scorer.score(ordinal) >= floor) expect(visited).toContain(ordinal);
            if (visited.includes(ordinal)) expect(scorer.bound(ordinal)).toBeGreaterThanOrEqual(floor);
          }
          expect(visited.every((ordinal) => ordinal % 3 !== 0)).toBe(true);
          expect(new Set(visited).size).toBe(visited.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses no seeds and more seeds than a mask holds', () => {
    const columns = columnsOf([[null, null, null, null, [], []]]);
    expect(() => new SeedScorer(columns, [])).toThrow(RangeError);
    expect(() => new SeedScorer(columns, Array.from({ length: 33 }, () => 0))).toThrow(RangeError);
  });
});
