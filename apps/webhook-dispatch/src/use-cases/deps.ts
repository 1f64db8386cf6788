import type { Pool } from 'pg';
import type { EndpointPolicy, HostResolver } from '../domain/endpoints/endpoint-policy';
import type { SecretKeyring } from '../domain/secrets/secret-keyring';

export interface RegistryDeps {
  /** The service's one pool: use cases run their statements and open their transactions on it. */
  pool: Pool;
  keyring: SecretKeyring;
  endpointPolicy: EndpointPolicy;
  resolveHost: HostResolver;
}
