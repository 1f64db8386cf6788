import { Router } from 'express';
import { z } from 'zod';
import { defineService, startService, type StartedService } from '../src/service';
import { TEST_SECRETS } from '../src/testing';

/** A stand-in with the gateway's catalogue entry: a public main port the internet reaches, and the operator port. */
const gatewayShaped = defineService({
  name: 'gateway',
  config: z.object({}),
  nats: false,
  async wire() {
    return { deps: {}, http: [{ routes: Router() }, { port: 'operator', routes: Router() }] };
  },
});

const baseEnvironment = {
  ...TEST_SECRETS,
  LOG_LEVEL: 'silent',
  GATEWAY_PORT: '0',
  OPERATOR_PORT: '0',
  // Named by the catalogue, never opened: the stand-in declares no database.
  GATEWAY_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/unused',
};

const statusOf = async (url: string) => (await fetch(url)).status;

describe('where /metrics is served', () => {
  let service: StartedService<object, object> | undefined;
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });

  it('is never on the port the internet reaches, and on the internal ports when no METRICS_PORT is set', async () => {
    service = await startService(gatewayShaped, baseEnvironment);
    expect(await statusOf(`${service.urls.main}/metrics`)).toBe(404);
    expect(await statusOf(`${service.urls.operator}/metrics`)).toBe(200);
  });

  it('is only on METRICS_PORT when one is set, beside the probes', async () => {
    service = await startService(gatewayShaped, { ...baseEnvironment, METRICS_PORT: '0' });
    expect(Object.keys(service.urls).sort()).toEqual(['main', 'metrics', 'operator']);
    expect(await statusOf(`${service.urls.metrics}/metrics`)).toBe(200);
    expect(await statusOf(`${service.urls.metrics}/healthz`)).toBe(200);
    expect(await statusOf(`${service.urls.main}/metrics`)).toBe(404);
    expect(await statusOf(`${service.urls.operator}/metrics`)).toBe(404);
    const scrape = await (await fetch(`${service.urls.metrics}/metrics`)).text();
    expect(scrape).toMatch(/^process_cpu_user_seconds_total\{service="gateway"\} /m);
  });
});
