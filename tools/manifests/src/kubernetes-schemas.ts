// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import { apps } from 'kubernetes-models';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import { EckElasticsearch } from './eck-elasticsearch';
import { operatorResources } from './operator-resources';
import type { KubernetesObject } from './kubernetes-object';

interface Validating {
  validate(): void;
}

/**
 * The kinds these manifests may use, each with its schema from the Kubernetes API. A kind not
 * listed fails the check instead of passing unvalidated: add it here when a manifest needs it.
 */
const models: Record<string, new () => Validating> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/DaemonSet': apps.v1.DaemonSet,
  'apps/v1/Deployment': apps.v1.Deployment,
  'apps/v1/StatefulSet': apps.v1.StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/CronJob': CronJob,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  // The search index's cluster, run by the ECK operator (k8s/overlays/prod/elasticsearch.yaml).
  'elasticsearch.k8s.elastic.co/v1/Elasticsearch': EckElasticsearch,
  // PostgreSQL and RabbitMQ, run by their operators (k8s/infrastructure).
  ...operatorResources,
};

/**
 * kustomize wraps a long generated Secret value over several lines; the API server's base64
 * decoder skips line breaks, so the schema sees the value as the server does.
 */
function asTheServerReadsIt(object: KubernetesObject): KubernetesObject {
  if (!Secret.is(object) || !object.data) return object;
  return { ...object, data: Object.fromEntries(Object.entries(object.data).map(([key, value]) => [key, value.replace(/[\r\n]/g, '')])) };
}

/** Schema errors of one object, empty when it is valid. */
export function schemaErrors(object: KubernetesObject): string[] {
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`${object.apiVersion} ${object.kind} is not a kind the checker knows (tools/manifests/src/kubernetes-schemas.ts)`];
  try {
    Object.assign(new Model(), asTheServerReadsIt(object)).validate();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}
