import { Affinity, ResourceRequirements } from 'kubernetes-models/v1';
import { z } from 'zod';

/**
 * The custom resources of the operators that run the stateful systems (CloudNativePG, the
 * RabbitMQ Cluster Operator), which the Kubernetes API schemas do not hold: the fields these
 * manifests use, each checked, any other refused (a misspelt field would otherwise pass until the
 * operator ignored it). Nested core types (resources, affinity) are checked against the
 * Kubernetes schemas.
 */
const quantity = z.union([z.string().regex(/^\d+(\.\d+)?([KMGTPE]i?|m)?$/, 'must be a Kubernetes quantity'), z.number()]);
const secretKey = z.strictObject({ name: z.string().min(1), key: z.string().min(1) });
const clusterReference = z.strictObject({ name: z.string().min(1) });
const metadata = z.object({ name: z.string().min(1) }).passthrough();
const coreResources = z.unknown().superRefine((value, context) => {
  try {
    new ResourceRequirements(value as ResourceRequirements).validate();
  } catch (error) {
    context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
  }
});

const cnpgCluster = z.object({
  apiVersion: z.literal('postgresql.cnpg.io/v1'),
  kind: z.literal('Cluster'),
  metadata,
  spec: z.strictObject({
    instances: z.number().int().positive(),
    imageName: z.string().regex(/:\d+(\.\d+)*$/, 'must name an exact PostgreSQL version'),
    primaryUpdateStrategy: z.enum(['unsupervised', 'supervised']).optional(),
    enableSuperuserAccess: z.boolean().optional(),
    bootstrap: z
      .strictObject({
        initdb: z.strictObject({
          database: z.string(),
          owner: z.string(),
          encoding: z.string().optional(),
          localeCollate: z.string().optional(),
          localeCType: z.string().optional(),
        }),
      })
      .optional(),
    postgresql: z
      .strictObject({
        parameters: z.record(z.string(), z.string()),
        synchronous: z
          .strictObject({
            method: z.enum(['any', 'first']),
            number: z.number().int().positive(),
            dataDurability: z.enum(['required', 'preferred']).optional(),
          })
          .optional(),
      })
      .optional(),
    storage: z.strictObject({ size: quantity, storageClass: z.string().optional() }),
    walStorage: z.strictObject({ size: quantity, storageClass: z.string().optional() }).optional(),
    resources: coreResources.optional(),
    affinity: z
      .strictObject({
        enablePodAntiAffinity: z.boolean().optional(),
        topologyKey: z.string().optional(),
        podAntiAffinityType: z.enum(['preferred', 'required']).optional(),
      })
      .optional(),
    monitoring: z.strictObject({ enablePodMonitor: z.boolean() }).optional(),
    backup: z
      .strictObject({
        retentionPolicy: z.string().regex(/^\d+[dwm]$/),
        barmanObjectStore: z.strictObject({
          destinationPath: z.string().startsWith('s3://'),
          endpointURL: z.url().optional(),
          s3Credentials: z.strictObject({ accessKeyId: secretKey, secretAccessKey: secretKey }),
          wal: z.strictObject({ compression: z.enum(['gzip', 'bzip2', 'snappy']) }).optional(),
          data: z.strictObject({ compression: z.enum(['gzip', 'bzip2', 'snappy']) }).optional(),
        }),
      })
      .optional(),
  }),
});

const cnpgDatabase = z.object({
  apiVersion: z.literal('postgresql.cnpg.io/v1'),
  kind: z.literal('Database'),
  metadata,
  spec: z.strictObject({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), owner: z.string().min(1), cluster: clusterReference }),
});

const cnpgScheduledBackup = z.object({
  apiVersion: z.literal('postgresql.cnpg.io/v1'),
  kind: z.literal('ScheduledBackup'),
  metadata,
  spec: z.strictObject({
    // Six fields: CloudNativePG's schedules start with seconds.
    schedule: z.string().regex(/^(\S+\s+){5}\S+$/, 'must have six fields (seconds first)'),
    immediate: z.boolean().optional(),
    backupOwnerReference: z.enum(['none', 'self', 'cluster']).optional(),
    target: z.enum(['primary', 'prefer-standby']).optional(),
    cluster: clusterReference,
  }),
});

const rabbitmqCluster = z.object({
  apiVersion: z.literal('rabbitmq.com/v1beta1'),
  kind: z.literal('RabbitmqCluster'),
  metadata,
  spec: z.strictObject({
    replicas: z.number().int().positive(),
    image: z.string().regex(/^rabbitmq:\d+\.\d+\.\d+/, 'must name an exact RabbitMQ version'),
    resources: coreResources.optional(),
    persistence: z.strictObject({ storage: quantity, storageClassName: z.string().optional() }).optional(),
    rabbitmq: z.strictObject({ additionalConfig: z.string().optional(), additionalPlugins: z.array(z.string()).optional() }).optional(),
    affinity: z
      .unknown()
      .superRefine((value, context) => {
        try {
          new Affinity(value as Affinity).validate();
        } catch (error) {
          context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        }
      })
      .optional(),
  }),
});

/** A validating class for one custom resource schema, as the checker's table of kinds wants it. */
function customResource(schema: z.ZodType): new () => { validate(): void } {
  return class {
    [field: string]: unknown;

    validate(): void {
      const parsed = schema.safeParse({ ...this });
      if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    }
  };
}

/** The CloudNativePG resources, parsed, for the rules that read them (postgres-rules.ts). */
export const cnpgSchemas = { cluster: cnpgCluster, database: cnpgDatabase, scheduledBackup: cnpgScheduledBackup } as const;

export const operatorResources: Record<string, new () => { validate(): void }> = {
  'postgresql.cnpg.io/v1/Cluster': customResource(cnpgCluster),
  'postgresql.cnpg.io/v1/Database': customResource(cnpgDatabase),
  'postgresql.cnpg.io/v1/ScheduledBackup': customResource(cnpgScheduledBackup),
  'rabbitmq.com/v1beta1/RabbitmqCluster': customResource(rabbitmqCluster),
};
