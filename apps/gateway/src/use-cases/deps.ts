import type { Logger } from 'pino';
import type { Bus } from '@radar/platform/nats';
import type { TokenCache } from '../auth/token-cache';
import type { IdentityRepository } from '../data/identity.repository';

export interface GatewayDeps {
  identity: IdentityRepository;
  tokenCache: TokenCache;
  bus: Bus;
  now: () => Date;
  logger: Logger;
}
