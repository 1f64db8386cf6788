import { z } from 'zod';
import { env, loadConfig } from '@radar/platform/config';

const schema = z.object({
  GATEWAY_PORT: env.port(8080),
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  OPERATOR_PORT: env.port(8081),
  OPERATOR_HOST: z.string().default('127.0.0.1'),
  GATEWAY_DATABASE_URL: env.url(),
  REDIS_URL: env.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('radar:'),
  NATS_URL: env.url().default('nats://127.0.0.1:4222'),
  NATS_NAMESPACE: z.string().default(''),
  INTERNAL_SIGNING_SECRET: env.secret(),
  OPERATOR_SECRET: env.secret(),
  /** Multiplies every rate-limit bucket (benchmarks raise it); 1 in production. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** How long a looked-up token is trusted before it is read again (revocations also evict it at once). */
  TOKEN_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  LEDGER_URL: env.optionalUrl(),
  SEARCH_URL: env.optionalUrl(),
  EXPORT_URL: env.optionalUrl(),
  MONITOR_URL: env.optionalUrl(),
  SIGNALS_URL: env.optionalUrl(),
  RUN_MIGRATIONS: env.boolean(true),
  LOG_LEVEL: env.logLevel(),
});

export type GatewayConfig = z.infer<typeof schema>;
export const loadGatewayConfig = (source: NodeJS.ProcessEnv = process.env): GatewayConfig => loadConfig(schema, source);
