import type { Pool } from 'pg';
import type { ServiceStatus } from '@radar/contracts';
import type { Logger } from '@radar/platform/logger';
import type { Bus } from '@radar/platform/nats';
import type { OperatorInterfaceClient } from '../clients/operator-interface';
import type { RateLimiter } from '../clients/rate-limiter';
import type { UpstreamClient } from '../clients/upstream';
import type { TokenCache } from '../data/token-cache';

/** What the gateway's use cases reach; each takes the part it needs. */
export interface GatewayDeps {
  pool: Pool;
  tokenCache: TokenCache;
  bus: Bus;
  now: () => Date;
  logger: Logger;
  rateLimiter: RateLimiter;
  upstream: UpstreamClient;
  operatorInterface: OperatorInterfaceClient;
  /** The gateway's own /statusz answer. */
  ownStatus: () => Promise<ServiceStatus>;
}
