import { PersistentVolumeClaim, PodTemplateSpec } from 'kubernetes-models/v1';
import { z } from 'zod';

/**
 * The Elasticsearch resource of the ECK operator (elasticsearch.k8s.elastic.co/v1), which the
 * Kubernetes API schemas do not hold: the fields of it these manifests use, each checked, and
 * any other refused (a misspelt field would otherwise pass until the operator ignored it). The
 * node sets' pod templates and volume claims are checked against the Kubernetes schemas.
 */
const nodeSetSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/),
  count: z.number().int().positive(),
  config: z.record(z.string(), z.unknown()).optional(),
  podTemplate: z.unknown().optional(),
  volumeClaimTemplates: z
    .array(z.object({ metadata: z.object({ name: z.literal('elasticsearch-data') }).passthrough(), spec: z.unknown() }).passthrough())
    .optional(),
});

const secretReference = z.strictObject({ secretName: z.string().min(1) });

const elasticsearchSchema = z.object({
  apiVersion: z.literal('elasticsearch.k8s.elastic.co/v1'),
  kind: z.literal('Elasticsearch'),
  metadata: z.object({ name: z.string().min(1) }).passthrough(),
  spec: z.strictObject({
    version: z.string().regex(/^\d+\.\d+\.\d+$/, 'must be an exact Elasticsearch version'),
    http: z.unknown().optional(),
    nodeSets: z.array(nodeSetSchema).min(1),
    podDisruptionBudget: z.unknown().optional(),
    updateStrategy: z.unknown().optional(),
    // Secret keys put in every node's keystore, each under its setting's name (path) when it differs.
    secureSettings: z
      .array(secretReference.extend({ entries: z.array(z.strictObject({ key: z.string().min(1), path: z.string().min(1).optional() })).optional() }))
      .optional(),
    auth: z.strictObject({ roles: z.array(secretReference).optional(), fileRealm: z.array(secretReference).optional() }).optional(),
    volumeClaimDeletePolicy: z.enum(['DeleteOnScaledownOnly', 'DeleteOnScaledownAndClusterDeletion']).optional(),
  }),
});

/** The fields of the resource the Elasticsearch rules read (elasticsearch-rules.ts). */
export type EckElasticsearchResource = z.infer<typeof elasticsearchSchema>;

/** The resource parsed, or undefined when it does not parse (the schema check says why). */
export function parseEckElasticsearch(value: unknown): EckElasticsearchResource | undefined {
  const parsed = elasticsearchSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export class EckElasticsearch {
  [field: string]: unknown;

  validate(): void {
    const parsed = elasticsearchSchema.safeParse({ ...this });
    if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    for (const nodeSet of parsed.data.spec.nodeSets) {
      if (nodeSet.podTemplate !== undefined) new PodTemplateSpec(nodeSet.podTemplate as PodTemplateSpec).validate();
      for (const claim of nodeSet.volumeClaimTemplates ?? []) {
        new PersistentVolumeClaim({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...(claim as object) } as PersistentVolumeClaim).validate();
      }
    }
  }
}
