import { unwrap } from './api-error';
import type { operations } from './generated/radar-api';
import type { RadarClient } from './radar-client';

type SearchBody = NonNullable<operations['searchCompanies']['requestBody']>['content']['application/json'];
type SearchPage = operations['searchCompanies']['responses'][200]['content']['application/json'];

/**
 * The pages of a company search, following `next_cursor` until it is null. The body's sort is kept
 * for every page (a cursor is bound to the sort that issued it). Filters must not change mid-scan.
 */
export async function* searchPages(client: RadarClient, body: SearchBody = {}): AsyncGenerator<SearchPage> {
  let cursor = body.cursor;
  do {
    const page: SearchPage = await unwrap(client.POST('/companies/search', { body: { ...body, ...(cursor ? { cursor } : {}) } }));
    yield page;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/** Every company a search matches, page after page (stop early by breaking out of the loop). */
export async function* searchResults(client: RadarClient, body: SearchBody = {}): AsyncGenerator<SearchPage['items'][number]> {
  for await (const page of searchPages(client, body)) yield* page.items;
}

interface OffsetPage<T> {
  items: T[];
  total: number;
}

/**
 * The items of an offset-paged list, page after page, until `total` is reached or a page comes
 * back empty. Lists are newest first: an item added while paging moves the others down by one.
 */
export async function* offsetItems<T>(fetchPage: (offset: number) => Promise<OffsetPage<T>>): AsyncGenerator<T> {
  let offset = 0;
  for (;;) {
    const page = await fetchPage(offset);
    yield* page.items;
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) return;
  }
}

type QueryOf<Operation extends { parameters: { query?: object } }> = Omit<NonNullable<Operation['parameters']['query']>, 'offset'>;

/** Every item of the offset-paged lists, with their filters (`limit` sets the page size). */
export const listAll = {
  exports: (client: RadarClient, query: QueryOf<operations['listExports']> = {}) =>
    offsetItems((offset) => unwrap(client.GET('/exports', { params: { query: { ...query, offset } } }))),
  monitors: (client: RadarClient, query: QueryOf<operations['listMonitors']> = {}) =>
    offsetItems((offset) => unwrap(client.GET('/monitors', { params: { query: { ...query, offset } } }))),
  monitorRuns: (client: RadarClient, monitorId: string, query: QueryOf<operations['listMonitorRuns']> = {}) =>
    offsetItems((offset) => unwrap(client.GET('/monitors/{monitor_id}/runs', { params: { path: { monitor_id: monitorId }, query: { ...query, offset } } }))),
  signals: (client: RadarClient, query: QueryOf<operations['listSignals']> = {}) =>
    offsetItems((offset) => unwrap(client.GET('/signals', { params: { query: { ...query, offset } } }))),
  leads: (client: RadarClient, query: QueryOf<operations['listLeads']> = {}) =>
    offsetItems((offset) => unwrap(client.GET('/leads', { params: { query: { ...query, offset } } }))),
};
