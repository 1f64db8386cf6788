import type { estypes } from '@elastic/elasticsearch';
import { LOOKUP_MAX_CANDIDATES } from '@radar/contracts';
import { byNameSimilarity, jaccardHundredths, NAME_CANDIDATE_MIN, nameWords, type NameCandidate, type NameMatches, type NameQuery } from '@radar/company-index';
import { z } from 'zod';
import type { Hit, IndexReader } from '../index-reader';

/** Candidates read per page of a name: a name's candidates are usually a few. */
const NAME_PAGE = 50;

const nameSourceSchema = z.object({ id: z.string(), name_words: z.array(z.string()) });

/**
 * The bounds a candidate's words must meet for its similarity to a name of `words` words to
 * reach NAME_CANDIDATE_MIN (hundredths, rounded: 100 s / (q + c - s) >= 49.5): at least this
 * many words shared, and at most this many words of its own.
 */
export function candidateBounds(words: number): { shared: number; ownWords: number } {
  return { shared: Math.ceil((99 * words) / 200), ownWords: Math.floor((200 * words) / 99) };
}

/**
 * The companies sharing enough of a name's words (`terms` on the normalised name words, one
 * clause each so the score counts the words shared), within its country when given, most words
 * shared first, then fewest words of their own.
 */
export function nameCandidatesRequest(alias: string, words: string[], country: string | undefined, after?: estypes.SortResults): estypes.SearchRequest {
  const bounds = candidateBounds(words.length);
  const filter: estypes.QueryDslQueryContainer[] = [{ range: { name_word_count: { lte: bounds.ownWords } } }];
  if (country !== undefined) filter.push({ term: { country } });
  return {
    index: alias,
    query: {
      bool: {
        should: words.map((word) => ({ constant_score: { filter: { term: { name_words: word } }, boost: 1 } })),
        minimum_should_match: bounds.shared,
        filter,
      },
    },
    sort: [{ _score: { order: 'desc' } }, { name_word_count: { order: 'asc' } }, { id: { order: 'asc' } }],
    size: NAME_PAGE,
    track_total_hits: false,
    _source: ['id', 'name_words'],
    allow_partial_search_results: false,
    ...(after === undefined ? {} : { search_after: after }),
  };
}

/** Which of these countries any company is in: a terms aggregation over them. */
export function knownCountriesRequest(alias: string, countries: string[]): estypes.SearchRequest {
  return {
    index: alias,
    size: 0,
    track_total_hits: false,
    query: { terms: { country: countries } },
    aggs: { countries: { terms: { field: 'country', size: countries.length, include: countries } } },
    allow_partial_search_results: false,
  };
}

/** One name being looked up: its words, the candidates found so far, whether more could follow. */
class NameSearch {
  readonly words: string[];
  readonly found = new Map<string, number>();
  after: estypes.SortResults | undefined;
  done: boolean;

  constructor(readonly query: NameQuery) {
    this.words = nameWords(query.name);
    this.done = this.words.length === 0;
  }

  /**
   * Takes a page of hits. Hits come by words shared (s) descending, then words of their own (c)
   * ascending: a company not read yet shares s with at least c words of its own, or fewer
   * words (then at most its own number, all shared). So its similarity is at most the larger of
   * the last hit's and (s - 1) / q; once that is below the third best candidate's (or the
   * candidate minimum), the best candidates are known, which is all a decision reads.
   */
  take(hits: Hit[]): void {
    const q = this.words.length;
    const words = new Set(this.words);
    for (const hit of hits) {
      const source = nameSourceSchema.parse(hit._source);
      const shared = source.name_words.filter((word) => words.has(word)).length;
      const similarity = jaccardHundredths(shared, q, source.name_words.length);
      if (similarity >= NAME_CANDIDATE_MIN) this.found.set(source.id, similarity);
    }
    const last = hits.at(-1);
    if (hits.length < NAME_PAGE || last?.sort === undefined) {
      this.done = true;
      return;
    }
    this.after = last.sort;
    const [score, ownWords] = last.sort as [number, number];
    const shared = Math.round(score);
    const unread = Math.max(jaccardHundredths(shared, q, ownWords), jaccardHundredths(shared - 1, q, shared - 1));
    const third = this.candidates().sort(byNameSimilarity)[LOOKUP_MAX_CANDIDATES - 1];
    this.done = unread < NAME_CANDIDATE_MIN || (third !== undefined && unread < third.similarity);
  }

  candidates(): NameCandidate[] {
    return [...this.found].map(([companyId, similarity]) => ({ companyId, similarity }));
  }
}

/**
 * Name lookups on the index: each name's candidates by the shared rule (lookup/name-words.ts)
 * over the companies a `terms` query on their name words finds, read until the best
 * LOOKUP_MAX_CANDIDATES are certain (decideByName reads no more). All names are asked in one
 * multi search per round, with one aggregation for whether their countries are known.
 */
export async function nameCandidates(reader: IndexReader, queries: NameQuery[]): Promise<NameMatches[]> {
  const countries = [...new Set(queries.flatMap((query) => (query.country === undefined ? [] : [query.country])))];
  const searches = queries.map((query) => new NameSearch(query));
  const known = countries.length === 0 ? new Set<string>() : await knownCountries(reader, countries);
  for (const search of searches) if (search.query.country !== undefined && !known.has(search.query.country)) search.done = true;
  for (let open = searches.filter((search) => !search.done); open.length > 0; open = open.filter((search) => !search.done)) {
    const answers = await reader.searchEach(
      open.map((search) => nameCandidatesRequest(reader.alias, search.words, search.query.country, search.after)),
      'name candidates',
    );
    open.forEach((search, at) => search.take((answers[at] as estypes.SearchResponse<unknown>).hits.hits));
  }
  return searches.map((search) =>
    search.query.country !== undefined && !known.has(search.query.country) ? { knownCountry: false } : { knownCountry: true, candidates: search.candidates() },
  );
}

async function knownCountries(reader: IndexReader, countries: string[]): Promise<Set<string>> {
  const answer = await reader.search(knownCountriesRequest(reader.alias, countries), 'known countries');
  const buckets = (answer.aggregations?.countries as estypes.AggregationsStringTermsAggregate | undefined)?.buckets;
  return new Set((Array.isArray(buckets) ? buckets : []).map((bucket) => String(bucket.key)));
}
