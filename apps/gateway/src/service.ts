import path from 'node:path';
import { Redis } from 'ioredis';
import { defineService, runService } from '@radar/platform/service';
import { OperatorInterfaceClient } from './clients/operator-interface';
import { RateLimiter } from './clients/rate-limiter';
import { UpstreamClient } from './clients/upstream';
import { gatewayConfig, upstreamsOf } from './config';
import { TokenCache } from './data/token-cache';
import { listenForIdentityChanges } from './events/identity.listeners';
import { apiReferenceRoutes } from './http/api-reference.routes';
import { apiRoutes } from './http/api.routes';
import { operatorRoutes } from './http/operator.routes';
import { publicPathRoutes } from './http/public-paths.routes';
import type { GatewayDeps } from './use-cases/deps';

export const gatewayService = defineService({
  name: 'gateway',
  config: gatewayConfig,
  database: { migrationsDir: path.join(__dirname, '../prisma/migrations') },
  streams: ['IDENTITY'],
  // Token revocations and role changes are written to the outbox with the change; the relay publishes them.
  outbox: true,
  async wire({ config, logger, pool, bus, now, status }) {
    // Fail fast instead of queueing while Redis is down: rate limits are then counted in memory (RateLimiter).
    const redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    redis.on('error', (error) => logger.warn({ err: error }, 'redis error'));
    const upstream = new UpstreamClient({ upstreams: upstreamsOf(config), signingSecret: config.INTERNAL_SIGNING_SECRET, timeoutMs: config.UPSTREAM_TIMEOUT_MS });
    const deps: GatewayDeps = {
      pool,
      tokenCache: new TokenCache(config.TOKEN_CACHE_TTL_MS),
      bus,
      now,
      logger,
      rateLimiter: new RateLimiter(redis, { keyPrefix: config.REDIS_KEY_PREFIX, scale: config.RATE_LIMIT_SCALE }, () => now().getTime()),
      upstream,
      operatorInterface: new OperatorInterfaceClient(upstream, config.OPERATOR_SECRET),
      ownStatus: status,
    };
    listenForIdentityChanges(bus, deps);
    return {
      deps,
      http: [
        // Bodies stream through to the services unread.
        { routes: [apiReferenceRoutes(), apiRoutes(deps), publicPathRoutes(deps)], parseJsonBodies: false },
        { port: 'operator', routes: operatorRoutes(deps, config.OPERATOR_SECRET) },
      ],
      // Redis is not a readiness check: without it the gateway still serves (limits counted per replica).
      status: { infrastructure: { redis: () => redis.ping() } },
      async stop() {
        await upstream.close();
        redis.disconnect();
      },
    };
  },
});

export const run = () => runService(gatewayService);
