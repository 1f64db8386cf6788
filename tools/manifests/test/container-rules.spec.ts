import { toManifest } from '../src/kubernetes-object';
import { containerViolations, imagePinViolations } from '../src/rules/container-rules';
import { compliantWorld, containerOf, manifestsOf } from './builders/world';

describe('container rules', () => {
  it('accept hardened containers with resources and both probes', () => {
    expect(containerViolations(manifestsOf(compliantWorld()))).toEqual([]);
  });

  it('reject a container without a memory limit', () => {
    const world = compliantWorld();
    delete containerOf(world.ledger).resources?.limits?.memory;
    expect(containerViolations(manifestsOf(world))).toEqual(['Deployment/ledger (test) container ledger has no resources.limits.memory']);
  });

  it('reject a readiness probe on another path and a liveness probe on an undeclared port', () => {
    const world = compliantWorld();
    const container = containerOf(world.gateway);
    container.readinessProbe = { httpGet: { path: '/healthz', port: 'http' } };
    container.livenessProbe = { httpGet: { path: '/healthz', port: 9999 } };
    expect(containerViolations(manifestsOf(world))).toEqual([
      'Deployment/gateway (test) container gateway readinessProbe is not GET /readyz',
      'Deployment/gateway (test) container gateway livenessProbe port 9999 is not a declared container port',
    ]);
  });

  it('reject a container that may run as root, write its root filesystem or keep capabilities', () => {
    const world = compliantWorld();
    containerOf(world.ledger).securityContext = { runAsUser: 0 };
    expect(containerViolations(manifestsOf(world))).toEqual(
      [
        'does not set runAsNonRoot: true',
        'runs as user 0',
        'does not set allowPrivilegeEscalation: false',
        'does not set readOnlyRootFilesystem: true',
        'does not drop ALL capabilities',
      ].map((violation) => `Deployment/ledger (test) container ledger ${violation}`),
    );
  });

  it('accept runAsNonRoot set once for the whole pod', () => {
    const world = compliantWorld();
    delete containerOf(world.ledger).securityContext?.runAsNonRoot;
    const pod = world.ledger.spec?.template.spec;
    if (pod) pod.securityContext = { runAsNonRoot: true };
    expect(containerViolations(manifestsOf(world))).toEqual([]);
  });

  it('require only resources and hardening of init containers, not probes', () => {
    const world = compliantWorld();
    const pod = world.ledger.spec?.template.spec;
    const { readinessProbe: _readiness, livenessProbe: _liveness, ...init } = { ...containerOf(world.ledger), name: 'wait' };
    if (pod) pod.initContainers = [{ ...init, resources: {} }];
    expect(containerViolations(manifestsOf(world))).toEqual(
      ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'].map((resource) => `Deployment/ledger (test) container wait has no resources.${resource}`),
    );
  });

  it("require of a Job's container (a migration runs to its end, serving nothing) resources and hardening, not probes", () => {
    const { readinessProbe: _readiness, livenessProbe: _liveness, ...migrate } = { ...containerOf(compliantWorld().ledger), name: 'migrate' };
    const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'ledger-migrate' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [migrate] } } } };
    expect(containerViolations([toManifest(job, 'test')])).toEqual([]);
    const unhardened = { ...job, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ ...migrate, securityContext: {} }] } } } };
    expect(containerViolations([toManifest(unhardened, 'test')])).toEqual([
      'Job/ledger-migrate (test) container migrate does not set runAsNonRoot: true',
      'Job/ledger-migrate (test) container migrate does not set allowPrivilegeEscalation: false',
      'Job/ledger-migrate (test) container migrate does not set readOnlyRootFilesystem: true',
      'Job/ledger-migrate (test) container migrate does not drop ALL capabilities',
    ]);
  });

  it('require images pinned to a tag other than latest or to a digest', () => {
    const world = compliantWorld();
    containerOf(world.gateway).image = 'radar/services:latest';
    containerOf(world.ledger).image = 'registry.local:5000/radar/services';
    expect(imagePinViolations(manifestsOf(world))).toEqual([
      'Deployment/gateway (test) container gateway image radar/services:latest has no pinned tag or digest',
      'Deployment/ledger (test) container ledger image registry.local:5000/radar/services has no pinned tag or digest',
    ]);
    containerOf(world.ledger).image = `radar/services@sha256:${'a'.repeat(64)}`;
    containerOf(world.gateway).image = 'radar/services:0.1.0';
    expect(imagePinViolations(manifestsOf(world))).toEqual([]);
  });
});
