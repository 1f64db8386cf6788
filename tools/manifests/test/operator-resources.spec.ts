import { toManifest } from '../src/kubernetes-object';
import { schemaErrors } from '../src/kubernetes-schemas';

const rabbitmq = (spec: Record<string, unknown>) =>
  toManifest({ apiVersion: 'rabbitmq.com/v1beta1', kind: 'RabbitmqCluster', metadata: { name: 'radar-rabbitmq' }, spec }, 'test').object;
const postgres = (spec: Record<string, unknown>) =>
  toManifest({ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'radar-postgres' }, spec }, 'test').object;

describe("the operators' custom resources", () => {
  it('accept a RabbitmqCluster of the fields these manifests use', () => {
    expect(schemaErrors(rabbitmq({ replicas: 3, image: 'rabbitmq:3.13.7-management', persistence: { storage: '50Gi' } }))).toEqual([]);
  });

  it('refuse a misspelt field, a floating image and a resources block Kubernetes would refuse', () => {
    const [errors] = schemaErrors(rabbitmq({ replica: 3, image: 'rabbitmq:latest', resources: { limits: { memory: [] } } }));
    expect(errors).toMatch(/replicas/);
    expect(errors).toMatch(/must name an exact RabbitMQ version/);
    expect(errors).toMatch(/Unrecognized key: "replica"/);
    expect(errors).toMatch(/resources/);
  });

  it('refuse a PostgreSQL cluster on a floating image, or backups to anything but an object store', () => {
    const [errors] = schemaErrors(
      postgres({
        instances: 3,
        imageName: 'ghcr.io/cloudnative-pg/postgresql:latest',
        storage: { size: '10Gi' },
        backup: { retentionPolicy: '30d', barmanObjectStore: { destinationPath: '/backups', s3Credentials: {} } },
      }),
    );
    expect(errors).toMatch(/imageName: must name an exact PostgreSQL version/);
    expect(errors).toMatch(/destinationPath/);
  });

  it('refuse a five-field schedule, which CloudNativePG reads with a seconds field first', () => {
    const backup = toManifest(
      { apiVersion: 'postgresql.cnpg.io/v1', kind: 'ScheduledBackup', metadata: { name: 'nightly' }, spec: { schedule: '0 3 * * *', cluster: { name: 'radar-postgres' } } },
      'test',
    ).object;
    expect(schemaErrors(backup)).toEqual([expect.stringMatching(/schedule: must have six fields/)]);
  });

  it('read a generated Secret whose long value kustomize wrapped over lines as the API server does, and still refuse one that is not base64', () => {
    const secret = (value: string) => toManifest({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'roles' }, data: { 'roles.yml': value } }, 'test').object;
    const wrapped = `${Buffer.from('radar_metrics:\n  cluster: ["monitor"]\n'.repeat(3)).toString('base64').replace(/(.{70})/g, '$1\n')}\n`;
    expect(wrapped.split('\n').length).toBeGreaterThan(2);
    expect(schemaErrors(secret(wrapped))).toEqual([]);
    expect(schemaErrors(secret('not base64!'))).toEqual([expect.stringMatching(/byte/)]);
  });
});

