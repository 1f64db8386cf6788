import { randomUUID } from 'node:crypto';
import { RPCS } from '@radar/contracts';
import { generateCompanies } from '@radar/dataset';
import { AppError } from '@radar/platform/errors';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure } from '@radar/platform/testing';
import { startSearch, type TestSearch } from './search-harness';

const SEED = 4;
const COUNT = 30;

describe('search.rpc.saved_list_domains', () => {
  let service: TestSearch;
  let client: Bus;
  const companies = [...generateCompanies({ seed: SEED, count: COUNT })];
  const workspaceId = randomUUID();
  let listId: string;

  beforeAll(async () => {
    service = await startSearch();
    client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'list-rpc-test', namespace: service.namespace, logger: silentLogger() });
    expect((await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED })).status).toBe(200);
    const created = await service.operator('post', '/lists', {
      workspace_id: workspaceId,
      name: 'Prospects',
      company_ids: companies.slice(0, 3).map((company) => company.company_id),
    });
    listId = created.body.list_id;
    await service.operator('post', `/lists/${listId}/companies`, { company_ids: companies.slice(3, 7).map((company) => company.company_id) });
  });
  afterAll(async () => {
    await client.close();
    await service.close();
  });

  it("answers the list's name and its companies' domains, oldest addition first", async () => {
    const reply = await client.request(RPCS.search.savedListDomains, { workspaceId, listId });
    expect(reply.name).toBe('Prospects');
    expect(reply.total).toBe(7);
    expect(reply.domains.slice(3).sort()).toEqual(companies.slice(3, 7).map((company) => company.domain).sort());
    expect(reply.domains.slice(0, 3).sort()).toEqual(companies.slice(0, 3).map((company) => company.domain).sort());
  });

  it('pages through the domains with offset and limit', async () => {
    const whole = await client.request(RPCS.search.savedListDomains, { workspaceId, listId });
    const first = await client.request(RPCS.search.savedListDomains, { workspaceId, listId, offset: 0, limit: 4 });
    const second = await client.request(RPCS.search.savedListDomains, { workspaceId, listId, offset: 4, limit: 4 });
    expect([...first.domains, ...second.domains]).toEqual(whole.domains);
    expect(second.domains).toHaveLength(3);
  });

  it.each([
    ['a list of another workspace', () => ({ workspaceId: randomUUID(), listId })],
    ['an unknown list', () => ({ workspaceId, listId: randomUUID() })],
  ])('answers NOT_FOUND for %s', async (_label, input) => {
    const failure = await client.request(RPCS.search.savedListDomains, input()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('NOT_FOUND');
  });
});
