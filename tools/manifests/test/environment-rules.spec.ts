import { bindAddressViolations, plainTextSecretViolations, requiredEnvironmentViolations } from '../src/rules/environment-rules';
import { compliantWorld, containerOf, manifestsOf } from './builders/world';

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
});
