import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigMap } from 'kubernetes-models/v1';
import { kustomizeBuild } from '../src/kubectl-kustomize';
import { chartValuesRoot, overlaysRoot } from '../src/paths';
import { listYamlFiles, parseYamlDocuments } from '../src/yaml-files';

interface NatsValues {
  fullnameOverride: string;
  config: { cluster: { enabled: boolean; replicas: number }; jetstream: { enabled: boolean; merge: Record<string, unknown> } };
}
interface RedisValues {
  fullnameOverride: string;
  architecture: string;
  master: { persistence: { enabled: boolean } };
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

  it('run MinIO distributed over four servers, with the bucket export writes to, where export looks for it', () => {
    const minio = valuesOf<MinioValues>('minio');
    expect(minio).toMatchObject({ mode: 'distributed', replicas: 4 });
    expect(minio.buckets.map((bucket) => bucket.name)).toEqual(configValues('S3_BUCKET'));
    expect(configValues('S3_ENDPOINT')).toEqual([`http://${minio.fullnameOverride}:9000`]);
  });
});
