import { z } from 'zod';
// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import { apps } from 'kubernetes-models';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';

/** What every object must have before it can be looked up or validated by kind. */
export const kubernetesObjectSchema = z.looseObject({
  apiVersion: z.string().min(1),
  kind: z.string().min(1),
  metadata: z.looseObject({
    name: z.string().min(1),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
  }),
});

export type KubernetesObject = z.infer<typeof kubernetesObjectSchema>;

/** An object with the file it came from, for messages a developer can act on. */
export interface Manifest {
  source: string;
  object: KubernetesObject;
}

export const describe = ({ object, source }: Manifest): string => `${object.kind}/${object.metadata.name} (${source})`;

export function toManifest(value: unknown, source: string): Manifest {
  const parsed = kubernetesObjectSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`${source}: not a Kubernetes object: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  }
  return { source, object: parsed.data };
}

/** The pod template of a workload kind, or undefined for kinds that run no pods. */
export function podTemplateOf(object: KubernetesObject): IPodTemplateSpec | undefined {
  if (apps.v1.Deployment.is(object) || apps.v1.StatefulSet.is(object) || apps.v1.DaemonSet.is(object) || Job.is(object)) return object.spec?.template;
  if (CronJob.is(object)) return object.spec?.jobTemplate.spec?.template;
  return undefined;
}

/** Whether a label selector's matchLabels select pods carrying these labels (an empty selector selects all). */
export function selects(matchLabels: Record<string, string> | undefined, podLabels: Record<string, string> | undefined): boolean {
  return Object.entries(matchLabels ?? {}).every(([key, value]) => podLabels?.[key] === value);
}

/** A label selector as Kubernetes reads it: matchLabels and matchExpressions, all of which must hold. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** Whether a full label selector (matchLabels and matchExpressions) selects pods carrying these labels; an empty one selects all. */
export function selectorMatches(selector: LabelSelector | undefined, podLabels: Readonly<Record<string, string>> | undefined): boolean {
  const labels = podLabels ?? {};
  return (
    Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
    (selector?.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      const value = labels[key];
      if (operator === 'In') return value !== undefined && values.includes(value);
      if (operator === 'NotIn') return value === undefined || !values.includes(value);
      if (operator === 'Exists') return value !== undefined;
      return value === undefined; // DoesNotExist
    })
  );
}
