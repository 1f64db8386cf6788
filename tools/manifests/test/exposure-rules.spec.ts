import { ingressViolations, operatorServiceViolations, serviceTargetViolations } from '../src/rules/exposure-rules';
import { compliantWorld, manifestsOf } from './builders/world';

describe('exposure rules', () => {
  it('accept an Ingress routing only Prefix /api/v1 to the public gateway Service', () => {
    const manifests = manifestsOf(compliantWorld());
    expect([...ingressViolations(manifests), ...operatorServiceViolations(manifests), ...serviceTargetViolations(manifests)]).toEqual([]);
  });

  it('reject an Ingress path outside /api/v1, such as the root or the health endpoints', () => {
    const world = compliantWorld();
    const paths = world.ingress.spec?.rules?.[0]?.http?.paths ?? [];
    paths.push({ path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } });
    paths.push({ path: '/api/v1', pathType: 'ImplementationSpecific', backend: { service: { name: 'gateway', port: { name: 'http' } } } });
    expect(ingressViolations(manifestsOf(world))).toEqual([
      'Ingress/gateway (test) routes Prefix /: only Prefix /api/v1, /mcp may be routed',
      'Ingress/gateway (test) routes ImplementationSpecific /api/v1: only Prefix /api/v1, /mcp may be routed',
    ]);
  });

  it('reject an Ingress with a default backend', () => {
    const world = compliantWorld();
    if (world.ingress.spec) world.ingress.spec.defaultBackend = { service: { name: 'gateway', port: { number: 8080 } } };
    expect(ingressViolations(manifestsOf(world))).toEqual(['Ingress/gateway (test) has a defaultBackend: everything would be routed']);
  });

  it('reject an Ingress to a Service that carries the operator port', () => {
    const world = compliantWorld();
    world.gatewayService.spec?.ports?.push({ name: 'operator', port: 8081, targetPort: 'operator' });
    expect(ingressViolations(manifestsOf(world))).toEqual([
      'Ingress/gateway (test) routes to Service/gateway (test), which exposes the operator port 8081',
    ]);
  });

  it('reject an Ingress to the operator Service itself', () => {
    const world = compliantWorld();
    const backend = world.ingress.spec?.rules?.[0]?.http?.paths[0]?.backend.service;
    if (backend) Object.assign(backend, { name: 'gateway-operator', port: { name: 'operator' } });
    expect(ingressViolations(manifestsOf(world))).toEqual([
      'Ingress/gateway (test) routes to Service/gateway-operator (test), which exposes the operator port 8081',
    ]);
  });

  it('reject an Ingress to a port its Service does not have', () => {
    const world = compliantWorld();
    const backend = world.ingress.spec?.rules?.[0]?.http?.paths[0]?.backend.service;
    if (backend) backend.port = { name: 'operator' };
    expect(ingressViolations(manifestsOf(world))).toEqual(['Ingress/gateway (test) routes to port operator of Service/gateway (test), which has no such port']);
  });

  it('reject the operator port on a LoadBalancer Service', () => {
    const world = compliantWorld();
    if (world.operatorService.spec) world.operatorService.spec.type = 'LoadBalancer';
    expect(operatorServiceViolations(manifestsOf(world))).toEqual(['Service/gateway-operator (test) exposes the operator port 8081 outside the cluster']);
  });

  it('reject a Service that targets a port its pods do not declare or selects no pods', () => {
    const world = compliantWorld();
    const [port] = world.ledgerService.spec?.ports ?? [];
    if (port) port.targetPort = 'grpc';
    if (world.gatewayService.spec) world.gatewayService.spec.selector = { 'app.kubernetes.io/name': 'gateway-v2' };
    expect(serviceTargetViolations(manifestsOf(world))).toEqual([
      'Service/gateway (test) selects no workload\'s pods',
      'Service/ledger (test) port 8082 targets grpc, which its pods do not declare',
    ]);
  });
});
