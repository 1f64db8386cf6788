/**
 * What the manifests must say about Radar's services, from their configuration code and the
 * deployment brief. Change it together with a service's config.ts.
 */
export const publicApiPrefix = '/api/v1';

/** The gateway's operator API: reachable inside the cluster only, never through an Ingress. */
export const operatorPort = { number: 8081, name: 'operator' } as const;

export const probePaths = { readiness: '/readyz', liveness: '/healthz' } as const;

/** Services whose HTTP port only named callers may reach. */
export const restrictedPorts = [
  { service: 'ledger', port: 8082, allowedCallers: ['gateway'] },
  { service: 'search', port: 8083, allowedCallers: ['gateway'] },
] as const;

/** Every variable each service reads at start, by Deployment name. */
export const requiredEnvironment: Record<string, readonly string[]> = {
  gateway: [
    'GATEWAY_HOST',
    'GATEWAY_PORT',
    'OPERATOR_PORT',
    'GATEWAY_DATABASE_URL',
    'REDIS_URL',
    'NATS_URL',
    'INTERNAL_SIGNING_SECRET',
    'OPERATOR_SECRET',
    'LEDGER_URL',
    'SEARCH_URL',
    'LOG_LEVEL',
    'RUN_MIGRATIONS',
  ],
  ledger: ['LEDGER_HOST', 'LEDGER_PORT', 'LEDGER_DATABASE_URL', 'NATS_URL', 'INTERNAL_SIGNING_SECRET', 'LOG_LEVEL', 'RUN_MIGRATIONS'],
  // ELASTICSEARCH_URL is optional on purpose: unset selects PostgreSQL search (dev), prod sets it.
  search: [
    'SEARCH_HOST',
    'SEARCH_PORT',
    'SEARCH_DATABASE_URL',
    'ELASTICSEARCH_INDEX',
    'NATS_URL',
    'INTERNAL_SIGNING_SECRET',
    'OPERATOR_SECRET',
    'CURSOR_SECRET',
    'SEARCH_STATEMENT_TIMEOUT_MS',
    'DATABASE_POOL_SIZE',
    'LOG_LEVEL',
    'RUN_MIGRATIONS',
  ],
};

/**
 * Secrets several services must hold with the same value, with who reads them. Each comes from
 * one Secret that all its readers share, so a rotation cannot leave them disagreeing (a gateway
 * signing with a value search does not accept answers 401 to everything it forwards).
 */
export const sharedSecrets: Record<string, readonly string[]> = {
  INTERNAL_SIGNING_SECRET: ['gateway', 'ledger', 'search'],
  OPERATOR_SECRET: ['gateway', 'search'],
};

/** Variables holding the URL of another service in the cluster: each must name a Service and one of its ports. */
export const upstreamUrlVariables: Record<string, readonly string[]> = { gateway: ['LEDGER_URL', 'SEARCH_URL'] };

/** Services default to 127.0.0.1 for local safety; in a pod that would make them unreachable. */
export const bindAddressVariables: Record<string, string> = { gateway: 'GATEWAY_HOST', ledger: 'LEDGER_HOST', search: 'SEARCH_HOST' };

/** Variable names whose values are secrets and so belong in a Secret, never a ConfigMap. */
export const secretVariablePattern = /SECRET|PASSWORD|TOKEN|DATABASE_URL|PRIVATE_KEY|ACCESS_KEY/;
