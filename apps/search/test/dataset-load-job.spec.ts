import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { datasetLoadResultSchema, jobSchema, serviceStatusSchema, type JobView } from '@radar/contracts';
import { OPERATOR_SECRET, startSearch, type TestSearch } from './search-harness';

const SEED = 21;
/**
 * Enough batches of the loader (1,000 companies each) that the load outlasts several of the
 * job's progress writes (one a second), however fast the machine.
 */
const COUNT = 12_000;

describe('dataset load as an operator job', () => {
  let service: TestSearch;

  beforeAll(async () => {
    service = await startSearch();
  });
  afterAll(() => service.close());

  const job = async (id: string): Promise<JobView> => jobSchema.parse((await service.operator('get', `/jobs/${id}`)).body);

  it('answers 202 with a running job at once when asked to respond async, reports rising progress, and ends with the load result', async () => {
    const started = await request(service.app)
      .post('/operator/v1/dataset/load')
      .set('Authorization', `Bearer ${OPERATOR_SECRET}`)
      .set('Prefer', 'respond-async')
      .send({ companies: COUNT, seed: SEED });
    expect(started.status).toBe(202);
    const view = jobSchema.parse(started.body);
    expect(view).toMatchObject({ service: 'search', kind: 'dataset.load', status: 'running', input: { companies: COUNT, seed: SEED } });
    expect(view.id).toMatch(/^search\./);

    const seen: number[] = [];
    let current = view;
    const deadline = Date.now() + 120_000;
    while (current.status === 'running' && Date.now() < deadline) {
      await sleep(100);
      current = await job(view.id);
      seen.push(current.progress.done);
    }
    expect(current.status).toBe('succeeded');
    expect(current.progress).toMatchObject({ done: COUNT, total: COUNT, unit: 'companies' });
    // Progress only ever rises, and was seen between the start and the end.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((done) => done > 0 && done < COUNT)).toBe(true);
    const result = datasetLoadResultSchema.strict().parse(current.result);
    expect(result.companies).toBe(COUNT);

    // The same load answered in the same call (no Prefer) is the same document.
    const waited = await service.operator('post', '/dataset/load', { companies: COUNT, seed: SEED });
    expect(waited.status).toBe(200);
    expect(waited.body).toEqual(result);
  }, 150_000);

  it('leaves planner statistics of every table it filled, so lookups by domain read the index', async () => {
    // reltuples stays -1 on a table never analysed: the planner then guesses a size and scans it whole.
    const { rows } = await service.pool.query<{ relname: string; reltuples: number }>(
      `SELECT relname, reltuples FROM pg_class WHERE relname IN ('companies', 'company_domains', 'company_connections', 'job_postings') ORDER BY relname`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) expect({ table: row.relname, analysed: row.reltuples > 0 }).toEqual({ table: row.relname, analysed: true });
  });

  it('lists its jobs newest first', async () => {
    const listed = await service.operator('get', '/jobs?limit=5');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: JobView) => [item.kind, item.status])).toEqual([
      ['dataset.load', 'succeeded'],
      ['dataset.load', 'succeeded'],
    ]);
  });

  it('reports the dataset it holds as its data version on /statusz', async () => {
    const status = serviceStatusSchema.parse((await request(service.app).get('/statusz')).body);
    expect(status).toMatchObject({ service: 'search', ready: true, data_version: `seed ${SEED}, ${COUNT} companies` });
    expect(status.infrastructure).toMatchObject({ postgresql: { up: true }, nats: { up: true } });
  });

  it('refuses a bad body with 422 before any job starts', async () => {
    const before = (await service.operator('get', '/jobs')).body.items.length;
    const refused = await request(service.app)
      .post('/operator/v1/dataset/load')
      .set('Authorization', `Bearer ${OPERATOR_SECRET}`)
      .set('Prefer', 'respond-async')
      .send({ companies: 0 });
    expect(refused.status).toBe(422);
    expect((await service.operator('get', '/jobs')).body.items.length).toBe(before);
  });
});
