import type { RecordedRequest } from './fake-cluster';

/** What one search, multi search or count put on the cluster: its API and the aggregations it asked for, by name and kind. */
export interface ReadSent {
  api: 'search' | 'msearch' | 'count';
  /** Aggregation name to its kind (`terms`, `cardinality` ...); empty when it asked for none. */
  aggregations: Record<string, string>;
}

const API_OF_PATH: [RegExp, ReadSent['api']][] = [
  [/\/_msearch$/, 'msearch'],
  [/\/_search$/, 'search'],
  [/\/_count$/, 'count'],
];

function aggregationKinds(body: unknown): Record<string, string> {
  const aggs = (body as { aggs?: Record<string, Record<string, unknown>> } | undefined)?.aggs ?? {};
  return Object.fromEntries(Object.entries(aggs).map(([name, definition]) => [name, Object.keys(definition)[0] ?? 'none']));
}

/**
 * The reads among recorded requests, in the order they were sent: each search and count with
 * its aggregations; a multi search once per search it carries. Index management, writes and
 * document GETs are left out.
 */
export function readsSent(requests: readonly RecordedRequest[]): ReadSent[] {
  return requests.flatMap((request): ReadSent[] => {
    const api = API_OF_PATH.find(([path]) => path.test(request.path))?.[1];
    if (api === undefined) return [];
    if (api !== 'msearch') return [{ api, aggregations: aggregationKinds(request.body) }];
    const lines = (request.body ?? []) as unknown[];
    return lines.filter((_line, at) => at % 2 === 1).map((body) => ({ api, aggregations: aggregationKinds(body) }));
  });
}
