import { composeViolations, parseComposeFile, publishedPorts } from '../src/rules/compose-rules';

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
