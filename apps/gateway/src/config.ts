import { z } from 'zod';
import { gatewayUpstreams, PUBLIC_ROUTES, serviceUrlVariable } from '@radar/contracts';
import { env } from '@radar/platform/config';

/** Every service the gateway forwards to: those its public routes name and those of the catalogue's operator routes. */
const UPSTREAM_SERVICES = [...new Set([...PUBLIC_ROUTES.map((route) => route.upstream), ...gatewayUpstreams().map((service) => service.name)])];

/** `<NAME>_URL` of each; unset means that service answers 503. */
const upstreamUrls = Object.fromEntries(UPSTREAM_SERVICES.map((name) => [serviceUrlVariable(name), env.optionalUrl()]));

/** The gateway's own variables; ports, database and NATS come from the platform and the service catalogue. */
export const gatewayConfig = z.object({
  REDIS_URL: env.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('radar:'),
  INTERNAL_SIGNING_SECRET: env.secret(),
  OPERATOR_SECRET: env.secret(),
  /** Multiplies every rate-limit bucket (benchmarks raise it); 1 in production. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** How long a looked-up token is trusted before it is read again (revocations also evict it at once). */
  TOKEN_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ...upstreamUrls,
});

export type GatewayConfig = z.infer<typeof gatewayConfig>;

/** The configured base URL of each upstream service, by service name. */
export const upstreamsOf = (config: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    UPSTREAM_SERVICES
      .map((name) => [name, config[serviceUrlVariable(name)]] as const)
      .filter((pair): pair is readonly [string, string] => typeof pair[1] === 'string'),
  );
