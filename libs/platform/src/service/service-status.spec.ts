import { Router } from 'express';
import request from 'supertest';
import { serviceStatusSchema } from '@radar/contracts';
import { createServiceApp } from '../http';
import { silentLogger } from '../testing';
import { serviceStatus } from './service-status';
import { serviceVersion } from './service-version';

const up = async () => undefined;
const down = (why: string) => async () => {
  throw new Error(why);
};

describe('serviceStatus', () => {
  it('reports readiness, the infrastructure behind the checks, the data version and the queues', async () => {
    const status = await serviceStatus(
      'search',
      '0.1.0+abc',
      { database: up, nats: up, index: up },
      { dataVersion: async () => 'seed 1, 100000 companies', queues: async () => [{ queue: 'delivery.webhook', messages: 3, consumers: 1 }] },
    );
    expect(serviceStatusSchema.parse(status)).toEqual({
      service: 'search',
      version: '0.1.0+abc',
      ready: true,
      failing: [],
      data_version: 'seed 1, 100000 companies',
      infrastructure: { postgresql: { up: true, error: null }, nats: { up: true, error: null } },
      queues: [{ queue: 'delivery.webhook', messages: 3, consumers: 1 }],
    });
  });

  it('is not ready when a check fails, and names the infrastructure that is down with why', async () => {
    const status = await serviceStatus('webhook-dispatch', 'v', { database: up, rabbitmq: down('RabbitMQ connection is down'), smtp: down('no answer') });
    expect(status.ready).toBe(false);
    expect(status.failing).toEqual(['rabbitmq', 'smtp']);
    expect(status.infrastructure).toEqual({ postgresql: { up: true, error: null }, rabbitmq: { up: false, error: 'RabbitMQ connection is down' } });
  });

  it('reports infrastructure the service only looks at without making it unready', async () => {
    const status = await serviceStatus('export', 'v', { database: up }, { infrastructure: { object_storage: down('bucket missing') } });
    expect(status.ready).toBe(true);
    expect(status.failing).toEqual([]);
    expect(status.infrastructure.object_storage).toEqual({ up: false, error: 'bucket missing' });
  });

  it('blanks a hook that fails instead of failing the whole status', async () => {
    const status = await serviceStatus('search', 'v', {}, { dataVersion: down('table missing'), queues: down('channel closed') });
    expect(status).toMatchObject({ ready: true, data_version: null, queues: [] });
  });

  it('counts a check that does not answer as failed instead of hanging', async () => {
    const hangs = () => new Promise<never>(() => undefined);
    const started = Date.now();
    const status = await serviceStatus('export', 'v', { database: up }, { infrastructure: { object_storage: hangs }, dataVersion: hangs });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(status.infrastructure.object_storage).toEqual({ up: false, error: 'no answer within 3000 ms' });
    expect(status.data_version).toBeNull();
  });

  it('is served on GET /statusz next to /readyz', async () => {
    const app = createServiceApp({
      logger: silentLogger(),
      routes: Router(),
      readiness: { database: up },
      status: () => serviceStatus('ledger', 'v', { database: up }),
    });
    const response = await request(app).get('/statusz');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ service: 'ledger', ready: true });
  });
});

describe('serviceVersion', () => {
  it('prefers the deployment version, then falls back to the build stamp or development', () => {
    expect(serviceVersion({ RADAR_VERSION: '1.4.2' })).toBe('1.4.2');
    expect(serviceVersion({})).toBe(process.env.RADAR_BUILD_VERSION || 'development');
  });
});
