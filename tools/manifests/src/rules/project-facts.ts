/**
 * What the manifests must say about Radar's services, from their configuration code and the
 * deployment brief. Change it together with a service's config.ts.
 */
export const publicApiPrefix = '/api/v1';

/** The gateway's operator API: reachable inside the cluster only, never through an Ingress. */
export const operatorPort = { number: 8081, name: 'operator' } as const;

export const probePaths = { readiness: '/readyz', liveness: '/healthz' } as const;

/** Services whose HTTP port only named callers may reach. */
export const restrictedPorts = [{ service: 'ledger', port: 8082, allowedCallers: ['gateway'] }] as const;

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
    'LOG_LEVEL',
    'RUN_MIGRATIONS',
  ],
  ledger: ['LEDGER_HOST', 'LEDGER_PORT', 'LEDGER_DATABASE_URL', 'NATS_URL', 'INTERNAL_SIGNING_SECRET', 'LOG_LEVEL', 'RUN_MIGRATIONS'],
};

/** Services default to 127.0.0.1 for local safety; in a pod that would make them unreachable. */
export const bindAddressVariables: Record<string, string> = { gateway: 'GATEWAY_HOST', ledger: 'LEDGER_HOST' };

/** Variable names whose values are secrets and so belong in a Secret, never a ConfigMap. */
export const secretVariablePattern = /SECRET|PASSWORD|TOKEN|DATABASE_URL|PRIVATE_KEY|ACCESS_KEY/;
