import { Router } from 'express';
import request from 'supertest';
import { createServiceApp } from '../src/http';
import { parseMetricSamples, sampleValue, silentLogger } from '../src/testing';

/** A service app like the gateway's: public routes under /api/v1, a pass-through mounted with `use`. */
function serviceApp(serveMetrics: boolean) {
  const things = Router();
  things.get('/things/:thing_id', (req, res) => {
    res.status(req.params.thing_id === 'missing' ? 404 : 200).json({ id: req.params.thing_id });
  });
  things.post('/things', () => {
    throw new Error('the store is down');
  });
  const api = Router();
  api.use('/api/v1', things);
  const passthrough = Router();
  passthrough.use('/operator/v1/lists', (_req, res) => {
    res.status(202).json({ forwarded: true });
  });
  return createServiceApp({ logger: silentLogger(), routes: [api, passthrough], serveMetrics });
}

const durationCount = (text: string, labels: Record<string, string>) =>
  sampleValue(parseMetricSamples(text), 'radar_http_request_duration_seconds_count', labels) ?? 0;

describe('request metrics', () => {
  it('counts a request under the route pattern it matched (mount path included) and its status, not its raw URL', async () => {
    const app = serviceApp(true);
    const before = (await request(app).get('/metrics')).text;
    await request(app).get('/api/v1/things/41').expect(200);
    await request(app).get('/api/v1/things/42').expect(200);
    await request(app).get('/api/v1/things/missing').expect(404);
    const after = (await request(app).get('/metrics')).text;

    const route = '/api/v1/things/:thing_id';
    expect(durationCount(after, { method: 'GET', route, status: '200' }) - durationCount(before, { method: 'GET', route, status: '200' })).toBe(2);
    expect(durationCount(after, { method: 'GET', route, status: '404' }) - durationCount(before, { method: 'GET', route, status: '404' })).toBe(1);
    expect(after).not.toContain('/api/v1/things/41');
  });

  it('labels a failure passed to the error handler with the route that failed', async () => {
    const app = serviceApp(true);
    const labels = { method: 'POST', route: '/api/v1/things', status: '500' };
    const before = durationCount((await request(app).get('/metrics')).text, labels);
    await request(app).post('/api/v1/things').send({}).expect(500);
    expect(durationCount((await request(app).get('/metrics')).text, labels) - before).toBe(1);
  });

  it('labels a pass-through by its mount path and every unknown path as one unmatched route', async () => {
    const app = serviceApp(true);
    const passthrough = { method: 'GET', route: '/operator/v1/lists/*', status: '202' };
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    const before = (await request(app).get('/metrics')).text;
    await request(app).get('/operator/v1/lists/abc/companies').expect(202);
    await request(app).get('/wp-admin/install.php').expect(404);
    await request(app).get('/.env').expect(404);
    const after = (await request(app).get('/metrics')).text;
    expect(durationCount(after, passthrough) - durationCount(before, passthrough)).toBe(1);
    expect(durationCount(after, unmatched) - durationCount(before, unmatched)).toBe(2);
    expect(after).not.toContain('wp-admin');
  });

  it('leaves probes and scrapes out of the request metrics', async () => {
    const app = serviceApp(true);
    await request(app).get('/healthz').expect(200);
    await request(app).get('/metrics').expect(200);
    const samples = parseMetricSamples((await request(app).get('/metrics')).text);
    expect(samples.filter((sample) => ['/healthz', '/metrics'].includes(sample.labels.route ?? ''))).toEqual([]);
  });

  it('answers /metrics in the Prometheus text format with the histogram buckets and process metrics', async () => {
    const app = serviceApp(true);
    await request(app).get('/api/v1/things/1').expect(200);
    const response = await request(app).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toContain('# TYPE radar_http_request_duration_seconds histogram');
    expect(response.text).toMatch(/radar_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/things\/:thing_id",status="200"/);
  });

  it('does not serve /metrics on an app told not to (a port the internet reaches)', async () => {
    const response = await request(serviceApp(false)).get('/metrics');
    expect(response.status).toBe(404);
    expect(response.body.detail.code).toBe('NOT_FOUND');
  });
});
