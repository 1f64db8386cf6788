import path from 'node:path';
import { Redis } from 'ioredis';
import { onShutdown } from '@radar/platform/lifecycle';
import { createLogger } from '@radar/platform/logger';
import { listen } from '@radar/platform/http';
import { Bus } from '@radar/platform/nats';
import { prepareDatabase } from '@radar/platform/prisma';
import { stopTelemetry } from '@radar/platform/telemetry';
import { createApp, createOperatorApp } from './app';
import { TokenCache } from './auth/token-cache';
import { loadGatewayConfig } from './config';
import { IdentityRepository } from './data/identity.repository';
import { createGatewayPrisma } from './data/prisma';
import { listenForIdentityChanges } from './events/identity.listeners';
import { Forwarder } from './proxy/forwarder';
import { RateLimiter } from './rate-limit/rate-limiter';

export async function runGateway(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);
  if (config.RUN_MIGRATIONS) {
    const result = await prepareDatabase(config.GATEWAY_DATABASE_URL, path.join(__dirname, '../prisma/migrations'));
    logger.info({ applied: result.applied }, 'migrations checked');
  }
  const prisma = createGatewayPrisma(config.GATEWAY_DATABASE_URL);
  // Fail fast instead of queueing while Redis is down: the request answers 503 and the client retries.
  const redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis error'));
  const bus = await Bus.connect({ url: config.NATS_URL, name: 'gateway', namespace: config.NATS_NAMESPACE, logger });
  await bus.ensureStreams();

  const tokenCache = new TokenCache(config.TOKEN_CACHE_TTL_MS);
  listenForIdentityChanges(bus, tokenCache);
  const upstreams = {
    ledger: config.LEDGER_URL,
    search: config.SEARCH_URL,
    export: config.EXPORT_URL,
    monitor: config.MONITOR_URL,
    signals: config.SIGNALS_URL,
  };
  const forwarder = new Forwarder({
    upstreams,
    signingSecret: config.INTERNAL_SIGNING_SECRET,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });
  const deps = {
    identity: new IdentityRepository(prisma),
    tokenCache,
    bus,
    logger,
    now: () => new Date(),
    rateLimiter: new RateLimiter(redis, { keyPrefix: config.REDIS_KEY_PREFIX, scale: config.RATE_LIMIT_SCALE }),
    forwarder,
    readiness: {
      database: () => prisma.$queryRaw`SELECT 1`,
      redis: () => redis.ping(),
      nats: async () => {
        if (bus.connection.isClosed()) throw new Error('NATS connection closed');
      },
    },
  };
  const publicServer = await listen(createApp(deps), config.GATEWAY_PORT, config.GATEWAY_HOST);
  const operatorServer = await listen(createOperatorApp(deps, config.OPERATOR_SECRET, upstreams), config.OPERATOR_PORT, config.OPERATOR_HOST);
  logger.info({ url: publicServer.url, operator: operatorServer.url }, 'gateway listening');

  onShutdown(logger, async () => {
    await Promise.all([publicServer.close(), operatorServer.close()]);
    await forwarder.close();
    await bus.close();
    redis.disconnect();
    await prisma.$disconnect();
    await stopTelemetry();
  });
}
