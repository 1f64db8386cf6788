import express from 'express';
import request from 'supertest';
import { listen, type RunningServer } from '@radar/platform/http';
import { OPERATOR_SECRET, startGateway, type TestGateway } from './gateway-harness';

describe('operator calls for data another service owns', () => {
  let owner: RunningServer;
  let gateway: TestGateway;
  let withoutSearch: TestGateway;
  beforeAll(async () => {
    // Stands in for the search service's operator interface: echoes what reached it.
    const app = express();
    app.use(express.json());
    app.use((req, res) => {
      res.status(req.headers.authorization === `Bearer ${OPERATOR_SECRET}` ? 201 : 401).json({ method: req.method, url: req.originalUrl, body: req.body });
    });
    owner = await listen(app, 0);
    gateway = await startGateway({ upstreams: { search: owner.url } });
    withoutSearch = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
    await withoutSearch.close();
    await owner.close();
  });

  it('hands /lists calls to the owning service with the operator secret and returns its answer', async () => {
    const response = await request(gateway.operatorApp)
      .post('/operator/v1/lists/abc/companies')
      .set('Authorization', `Bearer ${OPERATOR_SECRET}`)
      .send({ company_ids: ['x'] });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ method: 'POST', url: '/operator/v1/lists/abc/companies', body: { company_ids: ['x'] } });
  });

  it('refuses callers without the operator secret before passing anything on', async () => {
    const response = await request(gateway.operatorApp).post('/operator/v1/lists').send({});
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('OPERATOR_UNAUTHORIZED');
  });

  it('answers 503 SERVICE_UNAVAILABLE when the owning service is not deployed', async () => {
    const response = await request(withoutSearch.operatorApp).post('/operator/v1/dataset/load').set('Authorization', `Bearer ${OPERATOR_SECRET}`).send({});
    expect(response.status).toBe(503);
    expect(response.body.detail.code).toBe('SERVICE_UNAVAILABLE');
  });
});
