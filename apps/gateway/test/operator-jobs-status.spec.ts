import { randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { jobsPageSchema, stackStatusSchema, type JobView, type ServiceStatus } from '@radar/contracts';
import { listen, type RunningServer } from '@radar/platform/http';
import { OPERATOR_SECRET, startGateway, type TestGateway } from './gateway-harness';

const aJob = (service: string, startedAt: string): JobView => ({
  id: `${service}.${randomUUID()}`,
  service,
  kind: service === 'search' ? 'dataset.load' : 'monitors.run',
  status: 'succeeded',
  input: {},
  progress: { done: 1, total: 1, unit: 'items', phase: null, rate_per_second: null, eta_seconds: null },
  result: {},
  error: null,
  started_at: startedAt,
  updated_at: startedAt,
  finished_at: startedAt,
});

const statusOf = (service: string, overrides: Partial<ServiceStatus> = {}): ServiceStatus => ({
  service,
  version: '0.1.0+test',
  ready: true,
  failing: [],
  data_version: null,
  infrastructure: { postgresql: { up: true, error: null }, nats: { up: true, error: null } },
  queues: [],
  ...overrides,
});

/** Stands in for a service: its operator jobs routes (recording what reached them) and its /statusz. */
async function standIn(jobs: JobView[], status: () => ServiceStatus) {
  const seen: { url: string; prefer?: string; authorization?: string }[] = [];
  const app = express();
  app.get('/statusz', (_req, res) => {
    res.json(status());
  });
  app.use('/operator/v1', (req, res) => {
    seen.push({ url: req.originalUrl, prefer: req.get('prefer'), authorization: req.get('authorization') });
    if (req.method === 'GET' && req.path === '/jobs') {
      res.json({ items: jobs, unreachable: [] });
      return;
    }
    const job = jobs.find((candidate) => req.path === `/jobs/${candidate.id}`);
    if (req.method === 'GET' && job) {
      res.json(job);
      return;
    }
    if (req.method === 'POST' && req.get('prefer') === 'respond-async') {
      res.status(202).set('Preference-Applied', 'respond-async').location(`/operator/v1/jobs/${jobs[0]!.id}`).json(jobs[0]);
      return;
    }
    res.status(404).json({ detail: { code: 'NOT_FOUND', message: 'no such job' } });
  });
  return { server: await listen(app, 0), seen };
}

describe('the gateway operator interface: jobs and the stack status', () => {
  const searchJobs = [aJob('search', '2026-11-24T10:00:00.000Z'), aJob('search', '2026-11-24T08:00:00.000Z')];
  const schedulerJobs = [aJob('monitor-scheduler', '2026-11-24T09:00:00.000Z')];
  let searchStatus = statusOf('search', { data_version: 'seed 1, 100000 companies' });
  let search: Awaited<ReturnType<typeof standIn>>;
  let scheduler: Awaited<ReturnType<typeof standIn>>;
  let dispatch: Awaited<ReturnType<typeof standIn>>;
  let closedPort: RunningServer;
  let gateway: TestGateway;
  let schedulerDown: TestGateway;

  const operator = (target: TestGateway, path: string) => request(target.operatorApp).get(`/operator/v1${path}`).set('Authorization', `Bearer ${OPERATOR_SECRET}`);

  beforeAll(async () => {
    search = await standIn(searchJobs, () => searchStatus);
    scheduler = await standIn(schedulerJobs, () => statusOf('monitor-scheduler'));
    dispatch = await standIn([], () =>
      statusOf('webhook-dispatch', {
        infrastructure: { postgresql: { up: true, error: null }, rabbitmq: { up: true, error: null } },
        queues: [{ queue: 'delivery.webhook', messages: 4, consumers: 1 }],
      }),
    );
    // A port that was listening and no longer is: a service that stopped.
    closedPort = await listen(express(), 0);
    await closedPort.close();
    gateway = await startGateway({ upstreams: { search: search.server.url, 'monitor-scheduler': scheduler.server.url, 'webhook-dispatch': dispatch.server.url } });
    schedulerDown = await startGateway({ upstreams: { search: search.server.url, 'monitor-scheduler': closedPort.url } });
  });
  afterAll(async () => {
    await gateway.close();
    await schedulerDown.close();
    for (const stand of [search, scheduler, dispatch]) await stand.server.close();
  });

  describe('jobs', () => {
    it('reads one job from the service its id names, with the operator secret', async () => {
      const job = searchJobs[0]!;
      const response = await operator(gateway, `/jobs/${job.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(job);
      expect(search.seen.at(-1)).toMatchObject({ url: `/operator/v1/jobs/${job.id}`, authorization: `Bearer ${OPERATOR_SECRET}` });
    });

    it('answers 404 for an id that names no service running jobs, and for one that is not an id', async () => {
      for (const id of [`ledger.${randomUUID()}`, 'search', 'nonsense']) {
        const response = await operator(gateway, `/jobs/${id}`);
        expect(response.status).toBe(404);
        expect(response.body.detail.code).toBe('NOT_FOUND');
      }
    });

    it('answers 503 when the service the id names is down', async () => {
      const response = await operator(schedulerDown, `/jobs/${schedulerJobs[0]!.id}`);
      expect(response.status).toBe(503);
      expect(response.body.detail.code).toBe('SERVICE_UNAVAILABLE');
    });

    it('lists the jobs of every service newest first, up to the limit', async () => {
      const page = jobsPageSchema.parse((await operator(gateway, '/jobs?limit=2')).body);
      expect(page.items.map((job) => job.id)).toEqual([searchJobs[0]!.id, schedulerJobs[0]!.id]);
      expect(page.unreachable).toEqual([]);
    });

    it('still lists what it can read and names the services it could not', async () => {
      const page = jobsPageSchema.parse((await operator(schedulerDown, '/jobs')).body);
      expect(page.items.map((job) => job.id)).toEqual(searchJobs.map((job) => job.id));
      expect(page.unreachable).toEqual(['monitor-scheduler']);
    });

    it('passes Prefer: respond-async through to the owning service and its Location back', async () => {
      const response = await request(gateway.operatorApp)
        .post('/operator/v1/dataset/load')
        .set('Authorization', `Bearer ${OPERATOR_SECRET}`)
        .set('Prefer', 'respond-async')
        .send({});
      expect(response.status).toBe(202);
      expect(response.headers.location).toBe(`/operator/v1/jobs/${searchJobs[0]!.id}`);
      expect(response.headers['preference-applied']).toBe('respond-async');
      expect(search.seen.at(-1)?.prefer).toBe('respond-async');
    });
  });

  describe('status', () => {
    afterEach(() => {
      searchStatus = statusOf('search', { data_version: 'seed 1, 100000 companies' });
    });

    it('reports each service, the infrastructure as they see it, the JetStream backlog and the queue depths', async () => {
      const response = await operator(gateway, '/status');
      expect(response.status).toBe(200);
      const status = stackStatusSchema.parse(response.body);
      const byName = Object.fromEntries(status.services.map((service) => [service.name, service]));
      expect(byName.search).toMatchObject({ state: 'ready', version: '0.1.0+test', data_version: 'seed 1, 100000 companies', error: null });
      expect(byName.gateway).toMatchObject({ state: 'ready', failing: [] });
      expect(byName.ledger).toMatchObject({ state: 'not_configured' });
      const infrastructure = Object.fromEntries(status.infrastructure.map((entry) => [entry.name, entry]));
      expect(infrastructure.postgresql).toMatchObject({ state: 'up', seen_by: expect.arrayContaining(['gateway', 'search', 'monitor-scheduler']) });
      expect(infrastructure.redis).toMatchObject({ state: 'up', seen_by: ['gateway'] });
      expect(infrastructure.rabbitmq).toMatchObject({ state: 'up', seen_by: ['webhook-dispatch'] });
      expect(infrastructure.object_storage).toMatchObject({ state: 'unknown', seen_by: [] });
      expect(status.queues).toEqual([{ service: 'webhook-dispatch', queue: 'delivery.webhook', messages: 4, consumers: 1 }]);
      expect(status.streams.every((entry) => entry.pending >= 0)).toBe(true);
      expect(status.ok).toBe(true);
    });

    it('is not ok when a service is not ready, naming its failing checks and the infrastructure it cannot reach', async () => {
      searchStatus = statusOf('search', {
        ready: false,
        failing: ['database'],
        infrastructure: { postgresql: { up: false, error: 'connection refused' }, nats: { up: true, error: null } },
      });
      const status = stackStatusSchema.parse((await operator(gateway, '/status')).body);
      expect(status.ok).toBe(false);
      expect(status.services.find((service) => service.name === 'search')).toMatchObject({ state: 'not_ready', failing: ['database'] });
      expect(status.infrastructure.find((entry) => entry.name === 'postgresql')).toMatchObject({ state: 'down', error: 'search: connection refused' });
    });

    it('is not ok when a configured service does not answer', async () => {
      const status = stackStatusSchema.parse((await operator(schedulerDown, '/status')).body);
      expect(status.ok).toBe(false);
      expect(status.services.find((service) => service.name === 'monitor-scheduler')).toMatchObject({ state: 'down', version: null, error: expect.any(String) });
    });

    it('needs the operator secret', async () => {
      expect((await request(gateway.operatorApp).get('/operator/v1/status')).status).toBe(401);
    });
  });
});
