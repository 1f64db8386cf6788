import { disruptionBudgetViolations, referenceViolations, replicaViolations } from '../src/rules/workload-rules';
import { compliantWorld, manifestsOf } from './builders/world';

describe('workload rules', () => {
  it('accept one PodDisruptionBudget per Deployment', () => {
    expect(disruptionBudgetViolations(manifestsOf(compliantWorld()))).toEqual([]);
  });

  it('reject a Deployment without a budget and one covered twice', () => {
    const world = compliantWorld();
    const [gatewayBudget, ledgerBudget] = world.budgets;
    if (gatewayBudget && ledgerBudget) world.budgets = [ledgerBudget, { ...ledgerBudget, metadata: { name: 'ledger-extra' } }];
    expect(disruptionBudgetViolations(manifestsOf(world))).toEqual([
      'Deployment/gateway (test) is covered by 0 PodDisruptionBudgets, not 1',
      'Deployment/ledger (test) is covered by 2 PodDisruptionBudgets, not 1',
    ]);
  });

  it('reject fewer replicas than required', () => {
    const world = compliantWorld();
    if (world.ledger.spec) world.ledger.spec.replicas = 1;
    expect(replicaViolations(manifestsOf(world), 2)).toEqual(['Deployment/ledger (test) runs 1 replicas, fewer than 2']);
  });

  it('reject a container reading a Secret that is not built, or marking its config optional', () => {
    const world = compliantWorld();
    world.secrets = world.secrets.filter((secret) => secret.metadata?.name !== 'ledger-secrets');
    const gatewayConfig = world.gateway.spec?.template.spec?.containers[0]?.envFrom?.[0];
    if (gatewayConfig?.configMapRef) gatewayConfig.configMapRef.optional = true;
    expect(referenceViolations(manifestsOf(world))).toEqual([
      'Deployment/gateway (test) marks a configuration source optional: a missing one must stop the pod',
      'Deployment/ledger (test) reads Secret ledger-secrets, which is not built',
    ]);
  });
});
