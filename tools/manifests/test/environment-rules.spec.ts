import type { ISecret } from 'kubernetes-models/v1/Secret';
import {
  bindAddressViolations,
  plainTextSecretViolations,
  requiredEnvironmentViolations,
  sharedSecretViolations,
  upstreamUrlViolations,
} from '../src/rules/environment-rules';
import { compliantWorld, containerOf, manifestsOf, type World } from './builders/world';

/** The world with INTERNAL_SIGNING_SECRET in one Secret that the gateway and the ledger both read. */
function worldSharingSigningSecret(): World {
  const world = compliantWorld();
  const shared: ISecret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'radar-internal' }, data: { INTERNAL_SIGNING_SECRET: '' } };
  world.secrets.push(shared);
  for (const deployment of [world.gateway, world.ledger]) containerOf(deployment).envFrom?.push({ secretRef: { name: 'radar-internal' } });
  return world;
}

const signingSecretReaders = { INTERNAL_SIGNING_SECRET: ['gateway', 'ledger'] };

describe('environment rules', () => {
  it('find variables in ConfigMaps, Secrets and env entries alike', () => {
    const world = compliantWorld();
    containerOf(world.ledger).env = [{ name: 'NATS_URL', value: 'nats://nats:4222' }];
    expect(requiredEnvironmentViolations(manifestsOf(world), { ledger: ['LEDGER_HOST', 'LEDGER_DATABASE_URL', 'NATS_URL'] })).toEqual([]);
  });

  it('name each variable a service reads but does not get', () => {
    expect(requiredEnvironmentViolations(manifestsOf(compliantWorld()), { gateway: ['GATEWAY_HOST', 'OPERATOR_SECRET'], search: [] })).toEqual([
      'Deployment/gateway (test) does not get OPERATOR_SECRET',
      'no workload named search',
    ]);
  });

  it('require services to listen on all interfaces inside the pod', () => {
    const world = compliantWorld();
    const [gatewayConfig] = world.configMaps;
    if (gatewayConfig?.data) gatewayConfig.data.GATEWAY_HOST = '127.0.0.1';
    expect(bindAddressViolations(manifestsOf(world), { gateway: 'GATEWAY_HOST', ledger: 'LEDGER_HOST' })).toEqual([
      'gateway gets GATEWAY_HOST=127.0.0.1, not 0.0.0.0',
    ]);
  });

  it('reject secrets in a ConfigMap by name and credentials inside a URL in an env value', () => {
    const world = compliantWorld();
    const [gatewayConfig] = world.configMaps;
    if (gatewayConfig?.data) gatewayConfig.data.OPERATOR_SECRET = 'hunter2';
    containerOf(world.ledger).env = [{ name: 'NATS_URL', value: 'nats://ledger:s3cret@nats:4222' }];
    expect(plainTextSecretViolations(manifestsOf(world))).toEqual([
      'ConfigMap/gateway-config (test) holds OPERATOR_SECRET in plain text; it belongs in a Secret',
      'Deployment/ledger (test) holds NATS_URL in plain text; it belongs in a Secret',
    ]);
  });

  it('accept a shared secret that every reader takes from one common Secret', () => {
    expect(sharedSecretViolations(manifestsOf(worldSharingSigningSecret()), signingSecretReaders)).toEqual([]);
  });

  it('reject a shared secret that a reader lacks, gets twice, gets from a ConfigMap or gets from a Secret of its own', () => {
    const twice = worldSharingSigningSecret();
    const ledgerSecrets = twice.secrets.find(({ metadata }) => metadata?.name === 'ledger-secrets');
    if (ledgerSecrets?.data) ledgerSecrets.data.INTERNAL_SIGNING_SECRET = '';
    expect(sharedSecretViolations(manifestsOf(twice), signingSecretReaders)).toEqual([
      'Deployment/ledger (test) gets INTERNAL_SIGNING_SECRET from Secret/ledger-secrets and Secret/radar-internal; one source only',
    ]);

    const own = compliantWorld();
    for (const secret of own.secrets) if (secret.data) secret.data.INTERNAL_SIGNING_SECRET = '';
    expect(sharedSecretViolations(manifestsOf(own), signingSecretReaders)).toEqual([
      'INTERNAL_SIGNING_SECRET comes from different Secrets (gateway Secret/gateway-secrets, ledger Secret/ledger-secrets); its readers must share one',
    ]);

    const plain = worldSharingSigningSecret();
    containerOf(plain.gateway).envFrom = [{ configMapRef: { name: 'gateway-config' } }];
    const [gatewayConfig] = plain.configMaps;
    if (gatewayConfig?.data) gatewayConfig.data.INTERNAL_SIGNING_SECRET = 'x';
    expect(sharedSecretViolations(manifestsOf(plain), { INTERNAL_SIGNING_SECRET: ['gateway', 'ledger', 'search'] })).toEqual([
      'Deployment/gateway (test) gets INTERNAL_SIGNING_SECRET from ConfigMap/gateway-config, not a Secret',
      'no workload named search',
    ]);

    const missing = worldSharingSigningSecret();
    containerOf(missing.ledger).envFrom = [{ configMapRef: { name: 'ledger-config' } }];
    expect(sharedSecretViolations(manifestsOf(missing), signingSecretReaders)).toEqual(['Deployment/ledger (test) does not get INTERNAL_SIGNING_SECRET']);
  });

  it('accept a URL of another service that names a Service of the build and one of its ports', () => {
    const world = compliantWorld();
    const [gatewayConfig] = world.configMaps;
    if (gatewayConfig?.data) gatewayConfig.data.LEDGER_URL = 'http://ledger:8082';
    expect(upstreamUrlViolations(manifestsOf(world), { gateway: ['LEDGER_URL'] })).toEqual([]);
  });

  it('reject a URL of another service with a wrong port, an unknown host, no value or no URL at all', () => {
    const world = compliantWorld();
    const [gatewayConfig] = world.configMaps;
    if (gatewayConfig?.data) Object.assign(gatewayConfig.data, { LEDGER_URL: 'http://ledger:8083', SEARCH_URL: 'http://serach:8083', EXPORT_URL: 'export' });
    expect(upstreamUrlViolations(manifestsOf(world), { gateway: ['LEDGER_URL', 'SEARCH_URL', 'EXPORT_URL', 'MONITOR_URL'], search: [] })).toEqual([
      'gateway gets LEDGER_URL=http://ledger:8083, but Service ledger has no port 8083',
      'gateway gets SEARCH_URL=http://serach:8083, which names no Service of the build',
      'gateway gets EXPORT_URL=export, not a URL',
      'gateway gets MONITOR_URL=(unset), not a URL',
      'no workload named search',
    ]);
  });
});
