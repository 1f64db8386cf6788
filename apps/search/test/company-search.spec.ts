import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { errorEnvelopeSchema, searchResponseSchema, similarCompaniesResponseSchema, type CompanyFilters, type SearchResponse } from '@radar/contracts';
import { generateCompanies } from '@radar/dataset';
import { signCaller } from '@radar/platform/internal-auth';
import { SIGNING_SECRET, startSearch, type TestSearch } from './search-harness';

const SEED = 7;
const COUNT = 300;

/**
 * What the service adds to the index behind POST /companies/search, /counts and /similar:
 * defaults and limits, signed cursors, validation, the collapsed-keywords flag and the
 * workspace's saved companies. What the index answers is the engines' conformance suites'
 * (libs/company-index/testing), run by each engine's own tests.
 */
describe('company search, counts and similar companies: the service around the index', () => {
  let service: TestSearch;
  const companies = [...generateCompanies({ seed: SEED, count: COUNT })];
  const country = mostCommon(companies.map((company) => company.country));
  const byName = [...companies].sort((a, b) => compareNames(a.name, b.name) || (a.company_id < b.company_id ? -1 : 1));
  const queryWord = 'software';

  beforeAll(async () => {
    service = await startSearch();
    expect((await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED })).status).toBe(200);
  }, 60_000);
  afterAll(() => service.close());

  async function searchOk(body: object): Promise<SearchResponse> {
    const response = await service.search(body);
    if (response.status !== 200) throw new Error(`search answered ${response.status}: ${JSON.stringify(response.body)}`);
    return searchResponseSchema.parse(response.body);
  }

  async function expectValidationError(response: { status: number; body: unknown }, field: RegExp | string) {
    expect(response.status).toBe(422);
    const { detail } = errorEnvelopeSchema.parse(response.body);
    expect(detail.code).toBe('VALIDATION_ERROR');
    expect(detail.message).toMatch(field);
  }

  it('pages with limit 20 by default and at most 100, and answers next_cursor null on the last page', async () => {
    expect((await searchOk({})).items).toHaveLength(20);
    expect((await searchOk({ limit: 100 })).items).toHaveLength(100);
    const last = await searchOk({ countries: [country], limit: 100 });
    expect(last.next_cursor).toBeNull();
  });

  describe('cursors', () => {
    async function cursorOf(body: object): Promise<string> {
      const answer = await searchOk({ ...body, limit: 5 });
      if (answer.next_cursor === null) throw new Error('expected a next page');
      return answer.next_cursor;
    }

    it('continues the same search with the same sort', async () => {
      const cursor = await cursorOf({ sort_by: 'name', sort_order: 'asc' });
      const next = await searchOk({ sort_by: 'name', sort_order: 'asc', limit: 5, cursor });
      expect(next.items.map((item) => item.company_id)).toEqual(byName.slice(5, 10).map((company) => company.company_id));
    });

    it('treats an explicit relevance:desc as the default sort', async () => {
      const cursor = await cursorOf({});
      expect((await service.search({ sort_by: 'relevance', sort_order: 'desc', cursor })).status).toBe(200);
    });

    it('rejects an edited cursor with 422 INVALID_CURSOR', async () => {
      const cursor = await cursorOf({ sort_by: 'name' });
      const [body, signature] = cursor.split('.') as [string, string];
      const decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      const edited = Buffer.from(JSON.stringify({ ...decoded, i: randomUUID() })).toString('base64url');
      for (const bad of [`${edited}.${signature}`, `${body}.${signature.slice(0, -2)}xx`, cursor.slice(1)]) {
        const response = await service.search({ sort_by: 'name', cursor: bad });
        expect(response.status).toBe(422);
        expect(response.body.detail.code).toBe('INVALID_CURSOR');
      }
    });

    it.each([
      ['random text', 'not-a-cursor'],
      ['a constructed cursor', `${Buffer.from(JSON.stringify({ s: 'name:asc:noquery', k: 'a', i: randomUUID() })).toString('base64url')}.c2lnbmF0dXJl`],
      ['an unsigned cursor', Buffer.from(JSON.stringify({ s: 'name:asc:noquery', k: 'a', i: randomUUID() })).toString('base64url')],
    ])('rejects %s with 422 INVALID_CURSOR', async (_label, cursor) => {
      const response = await service.search({ sort_by: 'name', sort_order: 'asc', cursor });
      expect(response.status).toBe(422);
      expect(errorEnvelopeSchema.parse(response.body).detail.code).toBe('INVALID_CURSOR');
    });

    it.each([
      ['another sort_by', { sort_by: 'name', sort_order: 'asc' }, { sort_by: 'founded_year' }, 'name:asc:noquery', 'founded_year:desc:noquery'],
      ['another sort_order', { sort_by: 'name', sort_order: 'asc' }, { sort_by: 'name', sort_order: 'desc' }, 'name:asc:noquery', 'name:desc:noquery'],
      ['relevance without the query it had', { query: 'QUERY' }, {}, 'relevance:desc:query', 'relevance:desc:noquery'],
      ['relevance with a query it did not have', {}, { query: 'QUERY' }, 'relevance:desc:noquery', 'relevance:desc:query'],
    ])(
      'rejects a cursor replayed under %s with 422 CURSOR_SORT_MISMATCH naming both sorts',
      async (_label, first, replay, cursorSort, requestSort) => {
        const withWord = (body: object) => JSON.parse(JSON.stringify(body).replace('QUERY', queryWord)) as object;
        const cursor = await cursorOf(withWord(first));
        const response = await service.search({ ...withWord(replay), cursor });
        expect(response.status).toBe(422);
        expect(response.body).toEqual({
          detail: {
            code: 'CURSOR_SORT_MISMATCH',
            message: expect.any(String),
            details: { cursor_sort: cursorSort, request_sort: requestSort },
          },
        });
      },
    );

    it('does not detect changed filters mid-scan (interface.md): the cursor still works', async () => {
      const cursor = await cursorOf({ sort_by: 'quality' });
      expect((await service.search({ sort_by: 'quality', countries: [country], cursor })).status).toBe(200);
    });
  });


  describe('counts and soft signals', () => {
    it('flags keyword phrases that collapse into one or contain another, in search and counts', async () => {
      for (const keywords of [['AI', ' ai '], ['Machine  Learning', 'machine learning'], ['machine learning', 'learning']]) {
        expect((await searchOk({ keywords })).keyword_phrases_collapsed).toBe(true);
        expect((await service.counts({ keywords })).body.keyword_phrases_collapsed).toBe(true);
      }
      const distinct = await searchOk({ keywords: ['cloudy', 'machine learning'] });
      expect(distinct).not.toHaveProperty('keyword_phrases_collapsed');
      expect((await service.counts({ keywords: ['cloudy'] })).body).not.toHaveProperty('keyword_phrases_collapsed');
    });

    it('counts saved companies: those in a saved list of the workspace that match', async () => {
      const filters: CompanyFilters = { countries: [country] };
      const inCountry = companies.filter((c) => c.country === country);
      const matching = inCountry.slice(0, 3).map((c) => c.company_id);
      const other = companies.filter((c) => c.country !== country).slice(0, 2).map((c) => c.company_id);
      const created = await service.operator('post', '/lists', {
        workspace_id: service.caller.workspaceId,
        name: 'Prospects',
        company_ids: [...matching, ...other],
      });
      expect(created.status).toBe(201);
      const counts = await service.counts(filters);
      expect(counts.body).toEqual({
        total: inCountry.length,
        saved: 3,
        total_relation: 'eq',
        saved_relation: 'eq',
      });
      const stranger = await service.counts(filters, { ...service.caller, workspaceId: randomUUID() });
      expect(stranger.body.saved).toBe(0);
    });
  });

  describe('bad input', () => {
    it.each([
      ['limit above 100', { limit: 101 }, /"limit"/],
      ['limit 0', { limit: 0 }, /"limit"/],
      ['a fractional limit', { limit: 2.5 }, /"limit"/],
      ['an unknown field', { colour: 'red' }, /"colour": unknown field/],
      ['an unknown field in a connections entry', { connections: [{ category: 'vendor', strength: 3 }] }, /"connections\.0\.strength": unknown field/],
      ['an empty connections entry', { connections: [{}] }, /connections/],
      ['an unknown connection category', { connections: [{ category: 'friend' }] }, /connections\.0\.category/],
      ['eleven connections entries', { connections: Array.from({ length: 11 }, () => ({ category: 'vendor' })) }, /"connections"/],
      ['a bare multi-prefix NAICS sector', { naics_sectors: ['31'] }, /naics_sectors.*"31".*11, 21, 22, 23, 31-33, 42, 44-45, 48-49, 51, 52, 53, 54, 55, 56, 61, 62, 71, 72, 81, 92/],
      ['an unknown NAICS sector', { naics_sectors: ['99'] }, /naics_sectors.*"99"/],
      ['a NAICS code that is not 6 digits', { naics_codes: ['5112'] }, /naics_codes/],
      ['an employee band outside the nine', { employee_bands: [7, 500] }, /employee_bands.*7.*1, 10, 50, 200, 500, 1000, 5000, 10000, 10001/],
      ['an unknown sort_by', { sort_by: 'revenue' }, /"sort_by"/],
      ['an unknown sort_order', { sort_order: 'up' }, /"sort_order"/],
      ['a string where a list belongs', { countries: 'Germany' }, /"countries"/],
      ['a number in a keyword list', { keywords: ['ok', 3] }, /"keywords\.1"/],
      ['an empty cursor', { cursor: '' }, /"cursor"/],
      ['a non-integer founded year', { founded_year_min: 'nineteen' }, /"founded_year_min"/],
    ])('rejects %s with 422 naming the field', async (_label, body, field) => {
      await expectValidationError(await service.search(body), field);
    });

    it('rejects malformed JSON with 422', async () => {
      const response = await service.search('{"countries": [').set('Content-Type', 'application/json');
      await expectValidationError(response, /Malformed JSON/);
    });

    it.each([
      ['limit', { limit: 10 }],
      ['cursor', { cursor: 'abc' }],
    ])('rejects %s in a counts body as an unknown field', async (field, body) => {
      await expectValidationError(await service.counts(body), `"${field}": unknown field`);
    });

    it('validates counts filters like search', async () => {
      await expectValidationError(await service.counts({ naics_sectors: ['44'] }), /naics_sectors/);
    });
  });

  describe('POST /companies/similar', () => {
    const similar = (body: object) => request(service.app).post('/companies/similar').set(signCaller(service.caller, SIGNING_SECRET)).send(body);
    const described = () => companies.filter((company) => company.description !== null);

    it('answers the seeds in the order sent, the limit, and 20 companies by default', async () => {
      const seeds = described().slice(0, 3).map((company) => company.company_id);
      const response = await similar({ company_ids: seeds });
      expect(response.status).toBe(200);
      const body = similarCompaniesResponseSchema.strict().parse(response.body);
      expect(body.seeds.map((seed) => seed.company_id)).toEqual(seeds);
      expect(body.limit).toBe(20);
      expect(body.items).toHaveLength(20);
      expect(body.items.some((item) => seeds.includes(item.company_id))).toBe(false);
      expect((await similar({ company_ids: seeds, limit: 5 })).body.items).toHaveLength(5);
    });

    it('refuses unknown and repeated seeds with 422 naming company_ids.<index>, and search-only fields in filters', async () => {
      const [known, second] = described().map((company) => company.company_id) as [string, string];
      const unknown = await similar({ company_ids: [known, '00000000-0000-4000-8000-0000000000ff'] });
      expect(unknown.status).toBe(422);
      expect(unknown.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'company_ids.1' })]);
      const repeated = await similar({ company_ids: [known, second, known] });
      expect(repeated.status).toBe(422);
      expect(repeated.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'company_ids.2' })]);
      const sorted = await similar({ company_ids: [known], filters: { sort_by: 'name' } });
      expect(sorted.status).toBe(422);
      expect(sorted.body.detail.details.errors).toEqual([expect.objectContaining({ field: 'filters.sort_by' })]);
    });
  });
});

function mostCommon(values: (string | null)[]): string {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] as string;
}

/** The name sort: lower-cased code point by code point, compared by code point (as both engines sort). */
function compareNames(a: string, b: string): number {
  const key = (name: string) => Buffer.from(Array.from(name, (char) => String.fromCodePoint(char.toLowerCase().codePointAt(0) as number)).join(''), 'utf8');
  return Buffer.compare(key(a), key(b));
}
