import type { estypes } from '@elastic/elasticsearch';

export type SearchAnswer = estypes.SearchResponse<unknown>;
export type Hit = estypes.SearchHit<unknown>;

/**
 * Searches of the live index, each answered whole or refused (elasticsearch-company-index.ts:
 * a missing index is created and asked again, an answer some shards left out is a 503). `what`
 * names the search in the warning such an answer logs.
 */
export interface IndexReader {
  readonly alias: string;
  search(request: estypes.SearchRequest, what: string): Promise<SearchAnswer>;
  /** Several searches in one request (multi search), answered in order. */
  searchEach(requests: estypes.SearchRequest[], what: string): Promise<SearchAnswer[]>;
  /** The preference of a new search session: its requests read the same shard copies (search-request.ts). */
  newSessionPreference(): string;
}

/**
 * Every hit of a search sorted on a unique last key, a page at a time: each page starts after
 * the last hit of the one before (search_after), until a page comes back short. A caller that
 * has what it needs stops asking by leaving the loop.
 */
export async function* pagesOf(reader: IndexReader, request: estypes.SearchRequest, what: string): AsyncGenerator<Hit[]> {
  const size = request.size ?? 10;
  let after: estypes.SortResults | undefined;
  for (;;) {
    const answer = await reader.search(after === undefined ? request : { ...request, search_after: after }, what);
    const hits = answer.hits.hits;
    yield hits;
    const last = hits.at(-1);
    if (hits.length < size || last?.sort === undefined) return;
    after = last.sort;
  }
}
