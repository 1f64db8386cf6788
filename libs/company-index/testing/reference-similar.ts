import type { IndexedCompany } from '../src/company-index';
import { bySimilarity, CHARACTERISTIC_TERMS, naicsSectorOf, sharedWithSeeds, similarityTo, type SimilarityProfile } from '../src/similar/similarity-rule';
import type { TextSearchDatabase } from './conformance/conformance-engine';

/** What similar companies should answer, computed from the fixture by the rule itself over every company. */
export interface ReferenceSimilar {
  companyId: string;
  similarity: number;
  shared: { industry: string | null; country: string | null; employee_band: boolean; technologies: string[]; terms: string[] };
}

/**
 * Each description's characteristic terms, by the rule: PostgreSQL's english stemming (what the
 * free-text query reads) cuts the lexemes; tf-idf, the top 25 and the ties are computed here.
 */
export async function referenceTerms(database: TextSearchDatabase, companies: IndexedCompany[]): Promise<Map<string, string[]>> {
  const described = companies.filter((company) => company.description !== null);
  const { rows } = await database.query<{ id: string; lexeme: string; tf: number }>(
    `SELECT d.id, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf
     FROM unnest($1::text[], $2::text[]) AS d(id, description)
     CROSS JOIN LATERAL unnest(to_tsvector('english'::regconfig, d.description)) AS u(lexeme, positions, weights)`,
    [described.map((company) => company.id), described.map((company) => company.description)],
  );
  const df = new Map<string, number>();
  for (const row of rows) df.set(row.lexeme, (df.get(row.lexeme) ?? 0) + 1);
  const byCompany = new Map<string, { lexeme: string; score: number }[]>();
  for (const row of rows) {
    const list = byCompany.get(row.id) ?? [];
    list.push({ lexeme: row.lexeme, score: row.tf * Math.log(companies.length / (df.get(row.lexeme) ?? 1)) });
    byCompany.set(row.id, list);
  }
  const terms = new Map<string, string[]>();
  for (const [id, list] of byCompany) {
    list.sort((a, b) => b.score - a.score || (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
    terms.set(id, list.slice(0, CHARACTERISTIC_TERMS).map((entry) => entry.lexeme));
  }
  return terms;
}

function profileOf(company: IndexedCompany, terms: ReadonlyMap<string, string[]>): SimilarityProfile<string> {
  return {
    industry: company.industry,
    naicsSector: naicsSectorOf(company.naicsCode),
    terms: terms.get(company.id) ?? [],
    technologies: [...new Set(company.technologies)],
    employeeBand: company.employeeCount === null ? null : String(company.employeeCount),
    country: company.country,
  };
}

/** Every candidate scored, seeds and zeros left out, best first, ties by id; the first `limit`. */
export function referenceSimilar(
  candidates: IndexedCompany[],
  seeds: IndexedCompany[],
  terms: ReadonlyMap<string, string[]>,
  limit: number,
): ReferenceSimilar[] {
  const seedProfiles = seeds.map((seed) => profileOf(seed, terms));
  const seedIds = new Set(seeds.map((seed) => seed.id));
  return candidates
    .filter((company) => !seedIds.has(company.id))
    .map((company) => {
      const profile = profileOf(company, terms);
      const shared = sharedWithSeeds(profile, seedProfiles);
      return {
        companyId: company.id,
        similarity: similarityTo(profile, seedProfiles),
        shared: { industry: shared.industry, country: shared.country, employee_band: shared.employeeBand, technologies: shared.technologies, terms: shared.terms },
      };
    })
    .filter((row) => row.similarity > 0)
    .sort(bySimilarity)
    .slice(0, limit);
}
