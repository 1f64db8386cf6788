import { composedServiceViolations, composeViolations, parseComposeFile, publishedPorts, type ComposedService } from '../src/rules/compose-rules';

const healthy = { test: ['CMD', 'true'] };

describe('compose rules', () => {
  it('accept loopback ports in short and long syntax on services with healthchecks', () => {
    const compose = parseComposeFile({
      services: {
        postgres: { image: 'postgres:15', ports: ['127.0.0.1:5432:5432'], healthcheck: healthy },
        nats: { image: 'nats', ports: [{ target: 4222, published: 4222, host_ip: '127.0.0.1' }, '127.0.0.1:8222:8222/tcp'], healthcheck: healthy },
      },
    });
    expect(composeViolations(compose)).toEqual([]);
    expect(publishedPorts(compose)).toEqual([5432, 4222, 8222]);
  });

  it('reject ports published on every interface in each syntax', () => {
    const compose = parseComposeFile({
      services: { redis: { ports: ['6379:6379', 6380, '0.0.0.0:6381:6379', { target: 6379, published: 6382 }], healthcheck: healthy } },
    });
    expect(composeViolations(compose)).toEqual([
      'redis publishes "6379:6379" beyond 127.0.0.1',
      'redis publishes 6380 beyond 127.0.0.1',
      'redis publishes "0.0.0.0:6381:6379" beyond 127.0.0.1',
      'redis publishes {"target":6379,"published":6382} beyond 127.0.0.1',
    ]);
  });

  it('reject services without a healthcheck, with a disabled one, or on the host network', () => {
    const compose = parseComposeFile({
      services: {
        minio: {},
        search: { healthcheck: { disable: true } },
        mq: { healthcheck: { test: ['NONE'] } },
        cache: { healthcheck: healthy, network_mode: 'host' },
      },
    });
    expect(composeViolations(compose)).toEqual([
      'minio has no healthcheck',
      'search has no healthcheck',
      'mq has no healthcheck',
      'cache uses the host network',
    ]);
  });
});

describe("compose rules for Radar's own services", () => {
  const ledger: ComposedService = { name: 'ledger', environment: ['LEDGER_HOST', 'LEDGER_DATABASE_URL', 'INTERNAL_SIGNING_SECRET'], hostVariable: 'LEDGER_HOST', upstreams: {} };
  const gateway: ComposedService = { name: 'gateway', environment: ['GATEWAY_HOST'], hostVariable: 'GATEWAY_HOST', upstreams: { LEDGER_URL: { service: 'ledger', port: 8082 } } };
  const composed = (overrides: Record<string, Record<string, unknown>> = {}) =>
    parseComposeFile({
      services: {
        postgres: { image: 'postgres:15', healthcheck: healthy },
        ledger: {
          command: ['node', 'apps/ledger/dist/main.js'],
          environment: { LEDGER_HOST: '0.0.0.0', LEDGER_DATABASE_URL: 'postgresql://postgres@postgres/radar_ledger', INTERNAL_SIGNING_SECRET: '${INTERNAL_SIGNING_SECRET:-local}' },
          depends_on: { postgres: { condition: 'service_healthy' } },
          healthcheck: healthy,
          ...overrides.ledger,
        },
        gateway: {
          command: 'node apps/gateway/dist/main.js',
          environment: ['GATEWAY_HOST=0.0.0.0', 'LEDGER_URL=http://ledger:8082'],
          ports: ['127.0.0.1:8080:8080'],
          healthcheck: healthy,
          ...overrides.gateway,
        },
      },
    });

  it('accept services on their entries, with their variables (an interpolation default counts), on 0.0.0.0, after healthy dependencies', () => {
    expect(composedServiceViolations(composed(), [ledger, gateway], ['gateway'])).toEqual([]);
  });

  it('reject another entry, a missing variable, a loopback listener, a dependency only started or missing, a wrong upstream and a published service port', () => {
    const compose = composed({
      ledger: {
        command: ['node', 'apps/search/dist/main.js'],
        environment: { LEDGER_HOST: '127.0.0.1', INTERNAL_SIGNING_SECRET: 'x' },
        depends_on: ['postgres', 'nats'],
        ports: ['127.0.0.1:8082:8082'],
      },
      gateway: { environment: { GATEWAY_HOST: '0.0.0.0', LEDGER_URL: 'http://127.0.0.1:8082' } },
    });
    expect(composedServiceViolations(compose, [ledger, gateway], ['gateway'])).toEqual([
      'ledger runs ["node","apps/search/dist/main.js"], not node apps/ledger/dist/main.js',
      'ledger does not get LEDGER_DATABASE_URL',
      'ledger listens on LEDGER_HOST=127.0.0.1, not 0.0.0.0',
      'ledger starts when postgres is service_started, not healthy',
      'ledger depends on nats, which is not in the compose file',
      'ledger starts when nats is service_started, not healthy',
      'ledger publishes ports; only the gateway does',
      'gateway gets LEDGER_URL=http://127.0.0.1:8082, not http://ledger:8082',
    ]);
  });
});
