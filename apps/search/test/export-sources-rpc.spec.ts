import { randomUUID } from 'node:crypto';
import { RPCS, type CompanyFilters, type ExportSource } from '@radar/contracts';
import { generateCompanies } from '@radar/dataset';
import { AppError } from '@radar/platform/errors';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure } from '@radar/platform/testing';
import { startSearch, type TestSearch } from './search-harness';

const SEED = 5;
const COUNT = 400;

describe("search's answers to the export service", () => {
  let service: TestSearch;
  let client: Bus;
  const companies = [...generateCompanies({ seed: SEED, count: COUNT })];
  const workspaceId = randomUUID();

  beforeAll(async () => {
    service = await startSearch();
    client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'export-sources-test', namespace: service.namespace, logger: silentLogger() });
    expect((await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED })).status).toBe(200);
  });
  afterAll(async () => {
    await client.close();
    await service.close();
  });

  /** Every id of a search, page by page through POST /companies/search. */
  async function searchedIds(filters: CompanyFilters): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.search({ ...filters, limit: 100, ...(cursor ? { cursor } : {}) });
      ids.push(...(page.body.items as { company_id: string }[]).map((item) => item.company_id));
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    return ids;
  }

  const candidates = (source: ExportSource, max = 10_000) =>
    client.request(RPCS.search.exportCandidates, { workspaceId, source, max });

  it.each<[string, CompanyFilters]>([
    ['relevance without a query', {}],
    ['relevance with a query', { query: 'software' }],
    ['name ascending', { sort_by: 'name', sort_order: 'asc' }],
    ['employee count descending', { sort_by: 'employee_count', sort_order: 'desc' }],
    ['founded year ascending, filtered', { sort_by: 'founded_year', sort_order: 'asc', employee_count_min: 50 }],
  ])('answers the ids of a search in the order the search lists them (%s)', async (_label, filters) => {
    const expected = await searchedIds(filters);
    expect(expected.length).toBeGreaterThan(0);
    expect(await candidates({ type: 'search', filters })).toEqual({ companyIds: expected, capped: false });
  });

  it('stops at max and says that more matched', async () => {
    const expected = await searchedIds({ sort_by: 'name' });
    expect(await candidates({ type: 'search', filters: { sort_by: 'name' } }, 25)).toEqual({ companyIds: expected.slice(0, 25), capped: true });
    expect(await candidates({ type: 'search', filters: { sort_by: 'name' } }, COUNT)).toEqual({ companyIds: expected, capped: false });
  });

  it("answers a saved list's companies in the search's sort, and NOT_FOUND for another workspace's list", async () => {
    const byName = await searchedIds({ sort_by: 'name', sort_order: 'desc' });
    const chosen = [byName[7]!, byName[3]!, byName[42]!, byName[0]!];
    const created = await service.operator('post', '/lists', { workspace_id: workspaceId, name: 'Picks', company_ids: chosen });
    const listId = created.body.list_id as string;
    const answer = await candidates({ type: 'list', listId, sort_by: 'name', sort_order: 'desc' });
    expect(answer).toEqual({ companyIds: [byName[0], byName[3], byName[7], byName[42]], capped: false });

    const foreign = await client
      .request(RPCS.search.exportCandidates, { workspaceId: randomUUID(), source: { type: 'list', listId }, max: 10 })
      .catch((error: unknown) => error);
    expect((foreign as AppError).code).toBe('NOT_FOUND');
  });

  it('answers explicit ids in the order given, repeats once; an unknown id is VALIDATION_ERROR naming it', async () => {
    const ids = [companies[9]!.company_id, companies[2]!.company_id, companies[9]!.company_id];
    expect(await candidates({ type: 'ids', companyIds: ids })).toEqual({ companyIds: [ids[0], ids[1]], capped: false });
    const unknown = randomUUID();
    const failure = (await candidates({ type: 'ids', companyIds: [ids[0]!, unknown] }).catch((error: unknown) => error)) as AppError;
    expect(failure.code).toBe('VALIDATION_ERROR');
    expect(failure.message).toContain(unknown);
  });

  it('answers company rows as GET /companies/{id} shows them, in the order asked, leaving out unknown ids', async () => {
    const ids = [companies[17]!.company_id, randomUUID(), companies[3]!.company_id, companies[250]!.company_id];
    const { companies: rows } = await client.request(RPCS.search.companyRows, { companyIds: ids });
    expect(rows.map((row) => row.company_id)).toEqual([ids[0], ids[2], ids[3]]);
    for (const row of rows) {
      const detail = await service.get(`/companies/${row.company_id}`);
      expect(row).toEqual(detail.body);
    }
  });
});
