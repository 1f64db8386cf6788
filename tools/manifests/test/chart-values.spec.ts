import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigMap } from 'kubernetes-models/v1';
import { kustomizeBuild } from '../src/kubectl-kustomize';
import { chartValuesRoot, overlaysRoot } from '../src/paths';
import { systemPods } from '../src/rules/traffic-facts';
import { listYamlFiles, parseYamlDocuments } from '../src/yaml-files';

interface NatsValues {
  fullnameOverride: string;
  config: { cluster: { enabled: boolean; replicas: number }; jetstream: { enabled: boolean; merge: Record<string, unknown> } };
  natsBox: { enabled: boolean };
}
interface RedisValues {
  fullnameOverride: string;
  architecture: string;
  master: { persistence: { enabled: boolean } };
  networkPolicy: { enabled: boolean };
}
interface ElasticsearchExporterValues {
  nameOverride: string;
  es: { uri: string; ssl: { enabled: boolean; useExistingSecrets: boolean; ca: { path: string }; client: { enabled: boolean } } };
  secretMounts: { secretName: string; path: string }[];
  extraEnvSecrets: Record<string, { secret: string; key: string }>;
}
interface MinioValues {
  fullnameOverride: string;
  mode: string;
  replicas: number;
  buckets: { name: string }[];
}

const valuesOf = <T>(chart: string): T => parseYamlDocuments(path.join(chartValuesRoot, `${chart}.values.yaml`))[0] as T;

/** Every value the prod overlay's ConfigMaps give `variable`, e.g. each service's NATS_URL. */
function configValues(variable: string): string[] {
  return kustomizeBuild(path.join(overlaysRoot, 'prod')).flatMap(({ object }) => {
    const data = ConfigMap.is(object) ? object.data : undefined;
    return data?.[variable] === undefined ? [] : [data[variable]];
  });
}

describe('the Helm values of the stateful systems (k8s/charts)', () => {
  it.each(listYamlFiles(chartValuesRoot).map((file) => path.basename(file)))('%s names its chart, pinned to a version, and how to install it', (file) => {
    const text = readFileSync(path.join(chartValuesRoot, file), 'utf8');
    expect(text).toMatch(/^# chart: \S+\/\S+ \d+\.\d+\.\d+ /);
    expect(text).toMatch(/^# {3}helm upgrade --install \S+ \S+ --version \d+\.\d+\.\d+ -n radar -f k8s\/charts\/\S+\.values\.yaml$/m);
    expect(() => parseYamlDocuments(path.join(chartValuesRoot, file))).not.toThrow();
  });

  it('run NATS as a three-server JetStream cluster that fsyncs before it acknowledges (sync_interval: always), where the services look for it', () => {
    const nats = valuesOf<NatsValues>('nats');
    expect(nats.config.jetstream).toMatchObject({ enabled: true, merge: { sync_interval: 'always' } });
    expect(nats.config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(new Set(configValues('NATS_URL'))).toEqual(new Set([`nats://${nats.fullnameOverride}:4222`]));
  });

  it('run Redis where the gateway looks for it, without persistence (rate-limit counters only)', () => {
    const redis = valuesOf<RedisValues>('redis');
    expect(redis.architecture).toBe('standalone');
    expect(redis.master.persistence.enabled).toBe(false);
    expect(configValues('REDIS_URL')).toEqual([`redis://${redis.fullnameOverride}-master:6379`]);
  });

  it('make no NetworkPolicy or client pod of their own: k8s/infrastructure says who reaches NATS and Redis', () => {
    expect(valuesOf<RedisValues>('redis').networkPolicy.enabled).toBe(false);
    expect(valuesOf<NatsValues>('nats').natsBox.enabled).toBe(false);
  });

  it("run the Elasticsearch exporter against search's cluster, trusting the CA search trusts, as the file-realm user the prod overlay generates, with the pod name the policies select", () => {
    const exporter = valuesOf<ElasticsearchExporterValues>('elasticsearch-exporter');
    const manifests = kustomizeBuild(path.join(overlaysRoot, 'prod'));
    const secrets = new Set(manifests.filter(({ object }) => object.kind === 'Secret').map(({ object }) => object.metadata.name));
    expect(configValues('ELASTICSEARCH_URL')).toEqual([exporter.es.uri]);
    expect(exporter.es.ssl).toMatchObject({ enabled: true, useExistingSecrets: true, client: { enabled: false } });
    const [mount] = exporter.secretMounts;
    expect(mount?.secretName).toBe('radar-search-es-http-certs-public');
    expect(exporter.es.ssl.ca.path).toBe(`${mount?.path}/ca.crt`);
    expect(Object.keys(exporter.extraEnvSecrets).sort()).toEqual(['ES_PASSWORD', 'ES_USERNAME']);
    for (const { secret } of Object.values(exporter.extraEnvSecrets)) expect(secrets).toContain(secret);
    expect({ 'app.kubernetes.io/name': exporter.nameOverride }).toEqual(systemPods.elasticsearchExporter);
  });

  it('run MinIO distributed over four servers, with the bucket export writes to, where export looks for it', () => {
    const minio = valuesOf<MinioValues>('minio');
    expect(minio).toMatchObject({ mode: 'distributed', replicas: 4 });
    expect(minio.buckets.map((bucket) => bucket.name)).toEqual(configValues('S3_BUCKET'));
    expect(configValues('S3_ENDPOINT')).toEqual([`http://${minio.fullnameOverride}:9000`]);
  });
});
