import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRadarClient, listAll, searchResults } from '../src';

const company = (n: number) => ({
  company_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Company ${n}`,
  domain: `c${n}.example`,
  industry: null,
  employee_count: null,
  country: null,
  city: null,
  technologies: [],
  founded_year: null,
});

const job = (n: number) => ({ id: `job-${n}` });

/**
 * A stand-in for the gateway's paging: search pages of 2 over 5 companies with cursors `p<n>`
 * (refused when the sort differs from the one that issued them), and an offset list of 5 exports.
 */
async function pagingServer() {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      requests.push({ url: `${url.pathname}${url.search}`, body });
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/api/v1/companies/search') {
        if (body.cursor !== undefined && body.sort_by !== 'name') {
          res.writeHead(422).end(JSON.stringify({ detail: { code: 'CURSOR_SORT_MISMATCH', message: 'sort', details: { cursor_sort: 'name:asc:noquery', request_sort: 'x' } } }));
          return;
        }
        const start = body.cursor ? Number(String(body.cursor).slice(1)) : 0;
        const items = [0, 1].map((i) => start + i).filter((n) => n < 5).map(company);
        res.end(JSON.stringify({ items, total: 5, aggregations: {}, next_cursor: start + 2 < 5 ? `p${start + 2}` : null }));
        return;
      }
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const items = Array.from({ length: 5 }, (_, n) => job(n)).slice(offset, offset + limit);
      res.end(JSON.stringify({ items, total: 5, limit, offset }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('paging helpers of the typed client', () => {
  let server: Awaited<ReturnType<typeof pagingServer>>;
  beforeEach(async () => {
    server = await pagingServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('follows next_cursor to the last page, sending the same sort with every cursor', async () => {
    const client = createRadarClient({ baseUrl: server.url, token: 'rdr_test' });
    const names: string[] = [];
    for await (const found of searchResults(client, { sort_by: 'name', sort_order: 'asc', limit: 2 })) names.push(found.name);
    expect(names).toEqual(['Company 0', 'Company 1', 'Company 2', 'Company 3', 'Company 4']);
    expect(server.requests.map((request) => request.body)).toEqual([
      { sort_by: 'name', sort_order: 'asc', limit: 2 },
      { sort_by: 'name', sort_order: 'asc', limit: 2, cursor: 'p2' },
      { sort_by: 'name', sort_order: 'asc', limit: 2, cursor: 'p4' },
    ]);
  });

  it('pages an offset list until its total, with the filters on every page', async () => {
    const client = createRadarClient({ baseUrl: server.url, token: 'rdr_test' });
    const ids: string[] = [];
    for await (const item of listAll.exports(client, { limit: 2, status: 'completed' })) ids.push(item.id);
    expect(ids).toEqual(['job-0', 'job-1', 'job-2', 'job-3', 'job-4']);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/v1/exports?limit=2&status=completed&offset=0',
      '/api/v1/exports?limit=2&status=completed&offset=2',
      '/api/v1/exports?limit=2&status=completed&offset=4',
    ]);
  });

  it('stops a scan with the error of a failed page', async () => {
    const client = createRadarClient({ baseUrl: server.url, token: 'rdr_test' });
    const pages = searchResults(client, { cursor: 'p2', sort_by: 'relevance' });
    await expect(pages.next()).rejects.toMatchObject({ status: 422, code: 'CURSOR_SORT_MISMATCH', details: { cursor_sort: 'name:asc:noquery' } });
  });
});
