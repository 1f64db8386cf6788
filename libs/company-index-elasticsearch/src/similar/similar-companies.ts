import type { estypes } from '@elastic/elasticsearch';
import {
  bySimilarity,
  naicsSectorOf,
  SIMILARITY_WEIGHTS,
  sharedWithSeeds,
  similarityTo,
  type NormalizedFilters,
  type SimilarityProfile,
  type SimilarMatch,
  type SimilarQuery,
} from '@radar/company-index';
import { z } from 'zod';
import { buildCompanyQuery } from '../company-query';
import type { Hit, IndexReader } from '../index-reader';

type Query = estypes.QueryDslQueryContainer;

/** What the rule reads of a stored company. */
export const PROFILE_SOURCE_FIELDS = ['id', 'industry', 'naics_code', 'employee_count', 'country', 'technologies', 'characteristic_terms'];

const profileSourceSchema = z.object({
  id: z.string(),
  industry: z.string().nullish(),
  naics_code: z.string().nullish(),
  employee_count: z.number().int().nullish(),
  country: z.string().nullish(),
  technologies: z.array(z.string()).nullish(),
  characteristic_terms: z.array(z.string()).nullish(),
});

interface Profiled {
  id: string;
  profile: SimilarityProfile<string>;
}

function profileOf(source: unknown): Profiled {
  const document = profileSourceSchema.parse(source);
  return {
    id: document.id,
    profile: {
      industry: document.industry ?? null,
      naicsSector: naicsSectorOf(document.naics_code ?? null),
      terms: [...new Set(document.characteristic_terms ?? [])],
      technologies: [...new Set(document.technologies ?? [])],
      employeeBand: document.employee_count === undefined || document.employee_count === null ? null : String(document.employee_count),
      country: document.country ?? null,
    },
  };
}

/** The 2-digit prefixes a sector stands for (31-33 is 31, 32 and 33): how naics_prefix holds it. */
function sectorPrefixes(sector: string): string[] {
  const [from, to] = sector.split('-');
  if (to === undefined) return [sector];
  const prefixes: string[] = [];
  for (let prefix = Number(from); prefix <= Number(to); prefix += 1) prefixes.push(String(prefix));
  return prefixes;
}

/** Weight per value of one field, summed over the seeds holding it. */
class Weights {
  private readonly byValue = new Map<string, number>();

  add(value: string, weight: number): void {
    this.byValue.set(value, (this.byValue.get(value) ?? 0) + weight);
  }

  clauses(query: (value: string) => Query): Query[] {
    return [...this.byValue].map(([value, boost]) => ({ constant_score: { filter: query(value), boost } }));
  }
}

/**
 * One clause per value a seed has, scoring what a company holding it can gain at most: the
 * equalities (industry, sector, size band, country) their exact share of the mean, and each
 * characteristic term or technology its share of the seed's set (a company sharing k of a
 * seed's n terms has a Jaccard index of at most k / n). A company's score, the sum of the
 * clauses it matches, is therefore never below its similarity, and a company matching none
 * scores 0 by the rule.
 */
export function boundClauses(seeds: readonly SimilarityProfile<string>[]): Query[] {
  const [industry, sector, band, country, terms, technologies] = [new Weights(), new Weights(), new Weights(), new Weights(), new Weights(), new Weights()];
  const share = 1 / seeds.length;
  for (const seed of seeds) {
    if (seed.industry !== null) industry.add(seed.industry, SIMILARITY_WEIGHTS.industry * share);
    if (seed.naicsSector !== null) sector.add(seed.naicsSector, SIMILARITY_WEIGHTS.naicsSector * share);
    if (seed.employeeBand !== null) band.add(seed.employeeBand, SIMILARITY_WEIGHTS.employeeBand * share);
    if (seed.country !== null) country.add(seed.country, SIMILARITY_WEIGHTS.country * share);
    for (const term of seed.terms) terms.add(term, (SIMILARITY_WEIGHTS.terms * share) / seed.terms.length);
    for (const technology of seed.technologies) technologies.add(technology, (SIMILARITY_WEIGHTS.technologies * share) / seed.technologies.length);
  }
  return [
    ...industry.clauses((value) => ({ term: { industry: value } })),
    ...sector.clauses((value) => ({ terms: { naics_prefix: sectorPrefixes(value) } })),
    ...band.clauses((value) => ({ term: { employee_count: Number(value) } })),
    ...country.clauses((value) => ({ term: { country: value } })),
    ...terms.clauses((value) => ({ term: { characteristic_terms: value } })),
    ...technologies.clauses((value) => ({ term: { technologies: value } })),
  ];
}

/** The candidates of a request: the companies matching its filters, seeds left out. */
function candidateFilter(seedIds: string[], filters: NormalizedFilters | undefined): Pick<estypes.QueryDslBoolQuery, 'filter' | 'must_not'> {
  return { ...(filters === undefined ? {} : { filter: [buildCompanyQuery(filters)] }), must_not: [{ ids: { values: seedIds } }] };
}

/**
 * The candidates more_like_this finds first: companies whose characteristic terms, industry
 * and technologies hold the values that set the seeds apart (their best tf-idf in the index).
 * Its scores (term statistics per shard) rank nothing the answer keeps; it only brings the
 * likely best in one request, so the bounded search after it has to read few companies.
 */
export function likeSeedsRequest(reader: IndexReader, query: SimilarQuery, size: number, preference: string): estypes.SearchRequest {
  return {
    index: reader.alias,
    query: {
      bool: {
        must: [
          {
            more_like_this: {
              fields: ['characteristic_terms', 'industry', 'technologies'],
              like: query.seedIds.map((id) => ({ _index: reader.alias, _id: id })),
              min_term_freq: 1,
              min_doc_freq: 1,
              max_query_terms: 50,
              minimum_should_match: '1',
              include: false,
            },
          },
        ],
        ...candidateFilter(query.seedIds, query.filters),
      },
    },
    size,
    track_total_hits: false,
    _source: PROFILE_SOURCE_FIELDS,
    allow_partial_search_results: false,
    preference,
  };
}

/**
 * The candidates by the bound of their similarity, highest first (ties by id): every company
 * that can score above 0, those under `minScore` left out.
 */
export function boundedCandidatesRequest(
  reader: IndexReader,
  query: SimilarQuery,
  clauses: Query[],
  size: number,
  preference: string,
  minScore?: number,
): estypes.SearchRequest {
  return {
    index: reader.alias,
    query: { bool: { should: clauses, minimum_should_match: 1, ...candidateFilter(query.seedIds, query.filters) } },
    sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }],
    size,
    track_total_hits: false,
    _source: PROFILE_SOURCE_FIELDS,
    allow_partial_search_results: false,
    preference,
    ...(minScore === undefined ? {} : { min_score: minScore }),
  };
}

/** The seeds as the rule reads them, in the order asked. */
export function seedsRequest(alias: string, seedIds: string[]): estypes.SearchRequest {
  return { index: alias, query: { ids: { values: seedIds } }, size: seedIds.length, track_total_hits: false, _source: PROFILE_SOURCE_FIELDS, allow_partial_search_results: false };
}

/**
 * How far a company's score may lie above its similarity and still not be read: scores are
 * 32-bit sums (a relative error near 1e-7) and similarity is rounded to four decimals.
 */
const BOUND_MARGIN = 0.001;
/** Candidates read per page of the bounded search. */
const BOUNDED_PAGE = 200;

interface Scored {
  companyId: string;
  similarity: number;
  profile: SimilarityProfile<string>;
}

/**
 * Similar companies on Elasticsearch, the same answer as the rule over every company
 * (extensions.md section 2): candidates found by more_like_this, then by a search whose score
 * bounds each company's similarity (boundClauses), read best bound first until the last one
 * read cannot reach the `limit`-th best similarity; every candidate scored by the shared rule.
 */
export async function similarCompanies(reader: IndexReader, query: SimilarQuery): Promise<SimilarMatch[]> {
  const seedAnswer = await reader.search(seedsRequest(reader.alias, query.seedIds), 'similar seeds');
  const seedsById = new Map(seedAnswer.hits.hits.map((hit) => profileOf(hit._source)).map((seed) => [seed.id, seed.profile]));
  const seeds = query.seedIds.map((id) => seedsById.get(id));
  if (seeds.some((seed) => seed === undefined)) throw new Error('a seed of similar companies is not in the company index');
  const profiles = seeds as SimilarityProfile<string>[];
  const clauses = boundClauses(profiles);
  if (clauses.length === 0) return [];

  const preference = reader.newSessionPreference();
  const scored = new Map<string, Scored>();
  const score = (hits: Hit[]): void => {
    for (const hit of hits) {
      const { id, profile } = profileOf(hit._source);
      if (scored.has(id)) continue;
      const similarity = similarityTo(profile, profiles);
      if (similarity > 0) scored.set(id, { companyId: id, similarity, profile });
    }
  };
  const kth = (): number | undefined => [...scored.values()].sort(bySimilarity)[query.limit - 1]?.similarity;

  score((await reader.search(likeSeedsRequest(reader, query, Math.max(2 * query.limit, 40), preference), 'similar candidates')).hits.hits);
  const floor = kth();
  let request = boundedCandidatesRequest(reader, query, clauses, BOUNDED_PAGE, preference, floor === undefined ? undefined : floor - BOUND_MARGIN);
  for (;;) {
    const hits = (await reader.search(request, 'similar candidates by bound')).hits.hits;
    score(hits);
    const last = hits.at(-1);
    const reached = kth();
    if (hits.length < BOUNDED_PAGE || last?.sort === undefined) break;
    // Sorted by score, so the score is the hit's first sort value (hits carry no _score under a sort).
    if (reached !== undefined && Number(last.sort[0]) + BOUND_MARGIN < reached) break;
    request = { ...request, search_after: last.sort };
  }
  return [...scored.values()]
    .sort(bySimilarity)
    .slice(0, query.limit)
    .map((row) => ({ companyId: row.companyId, similarity: row.similarity, shared: sharedWithSeeds(row.profile, profiles) }));
}
