import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { datasetLoadResultSchema, errorEnvelopeSchema } from '@radar/contracts';
import {
  DATASET_AS_OF,
  followedCount,
  generateCompanies,
  generateConnections,
  generateFollowedCompanies,
  generateJobPostings,
} from '@radar/dataset';
import { startSearch, type TestSearch } from './search-harness';

const SEED = 9;
const COUNT = 180;

async function tableSizes(service: TestSearch) {
  const { rows } = await service.pool.query<{ companies: number; connections: number; postings: number }>(
    `SELECT (SELECT count(*) FROM companies)::int AS companies,
            (SELECT count(*) FROM company_connections)::int AS connections,
            (SELECT count(*) FROM job_postings)::int AS postings`,
  );
  return rows[0];
}

describe('operator interface of the search service', () => {
  let service: TestSearch;
  const generated = [...generateCompanies({ seed: SEED, count: COUNT })];

  beforeAll(async () => {
    service = await startSearch();
  });
  afterAll(() => service.close());

  it.each([
    ['no Authorization header', undefined],
    ['a wrong secret', 'Bearer not-the-operator-secret'],
  ])('refuses a call with %s with 401 OPERATOR_UNAUTHORIZED', async (_label, header) => {
    const call = request(service.app).post('/operator/v1/lists');
    const response = await (header ? call.set('Authorization', header) : call).send({ workspace_id: randomUUID(), name: 'x', company_ids: [] });
    expect(response.status).toBe(401);
    expect(errorEnvelopeSchema.parse(response.body).detail.code).toBe('OPERATOR_UNAUTHORIZED');
  });

  describe('dataset', () => {
    it('reports an empty dataset before the first load', async () => {
      expect((await tableSizes(service))?.companies).toBe(0);
      expect((await service.operator('get', '/dataset')).body).toEqual({ empty: true, companies: 0 });
    });

    it('loads the generated companies, postings and connections and counts followed companies and their events', async () => {
      const response = await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED });
      expect(response.status).toBe(200);
      const followed = [...generateFollowedCompanies({ seed: SEED, count: COUNT, referenceDate: DATASET_AS_OF })];
      expect(datasetLoadResultSchema.strict().parse(response.body)).toEqual({
        companies: COUNT,
        followed: followedCount(COUNT),
        job_postings: generated.reduce((sum, company) => sum + generateJobPostings(company, SEED).length, 0),
        events: followed.reduce((sum, company) => sum + company.events.length, 0),
      });
      expect(await tableSizes(service)).toEqual({
        companies: COUNT,
        connections: generated.reduce((sum, company) => sum + generateConnections(company, { seed: SEED, count: COUNT }).length, 0),
        postings: response.body.job_postings,
      });
      expect((await service.operator('get', '/dataset')).body).toEqual({ empty: false, companies: COUNT });
    });

    it('makes loaded companies searchable at once', async () => {
      const search = await service.search({ limit: 1 });
      expect(search.body.total).toBe(COUNT);
    });

    it('adds nothing when the same load runs again, and answers the same counts', async () => {
      const before = await tableSizes(service);
      const first = (await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED })).body;
      const again = await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first);
      expect(await tableSizes(service)).toEqual(before);
    });

    it('resumes an interrupted load from its last stored batch without duplicating rows', async () => {
      // Simulate a crash after the first companies were stored: progress says "not complete".
      await service.pool.query('UPDATE dataset_loads SET completed = false, next_index = 0, job_postings = 0 WHERE seed = $1', [SEED]);
      const before = await tableSizes(service);
      const resumed = await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED });
      expect(resumed.status).toBe(200);
      expect(await tableSizes(service)).toEqual(before);
      expect(resumed.body.job_postings).toBe(before?.postings);
    });

    it.each([
      ['an unknown field', { companies: 10, colour: 'red' }, /"colour": unknown field/],
      ['a count of zero', { companies: 0 }, /"companies"/],
      ['a fractional seed', { seed: 1.5 }, /"seed"/],
    ])('rejects %s with 422', async (_label, body, message) => {
      const response = await service.operator('post', '/dataset/load', body);
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toMatch(message);
    });
  });

  describe('saved lists', () => {
    const workspaceId = randomUUID();
    const [a, b, c] = generated.map((company) => company.company_id) as [string, string, string];

    it('creates a list with 201 and its id, and adds companies answering the size (each company once)', async () => {
      const created = await service.operator('post', '/lists', { workspace_id: workspaceId, name: 'Targets', company_ids: [a, b, a] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ list_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const added = await service.operator('post', `/lists/${created.body.list_id}/companies`, { company_ids: [b, c] });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ list_id: created.body.list_id, size: 3 });
    });

    it('counts listed companies as saved for that workspace only', async () => {
      const mine = await service.counts({}, { ...service.caller, workspaceId });
      expect(mine.body).toMatchObject({ total: COUNT, saved: 3 });
      expect((await service.counts({})).body.saved).toBe(0);
    });

    it('rejects unknown company ids with 422 naming them, and stores nothing', async () => {
      const unknown = randomUUID();
      const created = await service.operator('post', '/lists', { workspace_id: workspaceId, name: 'Bad', company_ids: [a, unknown] });
      expect(created.status).toBe(422);
      expect(created.body.detail.message).toContain(unknown);
      expect(created.body.detail.details.unknown_company_ids).toEqual([unknown]);
      const lists = await service.pool.query('SELECT 1 FROM saved_lists WHERE name = $1', ['Bad']);
      expect(lists.rowCount).toBe(0);

      const list = (await service.operator('post', '/lists', { workspace_id: workspaceId, name: 'Good', company_ids: [a] })).body.list_id;
      const added = await service.operator('post', `/lists/${list}/companies`, { company_ids: [unknown] });
      expect(added.status).toBe(422);
      expect(added.body.detail.message).toContain(unknown);
    });

    it('answers 404 for adding to a list that does not exist', async () => {
      for (const listId of [randomUUID(), 'not-a-list']) {
        const response = await service.operator('post', `/lists/${listId}/companies`, { company_ids: [a] });
        expect(response.status).toBe(404);
        expect(response.body.detail.code).toBe('NOT_FOUND');
      }
    });

    it.each([
      ['a missing name', { workspace_id: randomUUID(), company_ids: [] }, /"name"/],
      ['a workspace id that is not a UUID', { workspace_id: 'acme', name: 'x', company_ids: [] }, /"workspace_id"/],
      ['an unknown field', { workspace_id: randomUUID(), name: 'x', company_ids: [], shared: true }, /"shared": unknown field/],
    ])('rejects a list with %s with 422', async (_label, body, message) => {
      const response = await service.operator('post', '/lists', body);
      expect(response.status).toBe(422);
      expect(response.body.detail.message).toMatch(message);
    });
  });
});
