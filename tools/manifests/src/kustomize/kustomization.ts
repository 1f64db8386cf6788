import path from 'node:path';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseYamlDocuments } from '../yaml-files';
import { relativeToRepository } from '../paths';

const generatorSchema = z.strictObject({
  name: z.string().min(1),
  behavior: z.enum(['create', 'merge', 'replace']).optional(),
  literals: z.array(z.string().regex(/^[^=]+=/, 'a literal is KEY=value')).optional(),
  envs: z.array(z.string()).optional(),
});

/**
 * The part of kustomize's Kustomization these manifests use. Strict on purpose: a field outside
 * it (or a typo such as `resource:`) fails the check instead of being silently ignored by it.
 */
export const kustomizationSchema = z.strictObject({
  apiVersion: z.literal('kustomize.config.k8s.io/v1beta1'),
  kind: z.literal('Kustomization'),
  namespace: z.string().optional(),
  resources: z.array(z.string()).default([]),
  labels: z
    .array(z.strictObject({ pairs: z.record(z.string(), z.string()), includeSelectors: z.boolean().optional() }))
    .default([]),
  images: z.array(z.strictObject({ name: z.string(), newName: z.string().optional(), newTag: z.string().optional() })).default([]),
  replicas: z.array(z.strictObject({ name: z.string(), count: z.number().int().min(0) })).default([]),
  configMapGenerator: z.array(generatorSchema).default([]),
  secretGenerator: z.array(generatorSchema).default([]),
  patches: z.array(z.strictObject({ path: z.string() })).default([]),
});

export type Kustomization = z.infer<typeof kustomizationSchema>;
export type Generator = z.infer<typeof generatorSchema>;

export const kustomizationFileIn = (folder: string): string => path.join(folder, 'kustomization.yaml');

export function loadKustomization(folder: string): Kustomization {
  const file = kustomizationFileIn(folder);
  if (!existsSync(file)) throw new Error(`${relativeToRepository(folder)} has no kustomization.yaml`);
  const [document] = parseYamlDocuments(file);
  const parsed = kustomizationSchema.safeParse(document);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`${relativeToRepository(file)}: ${issues.join('; ')}`);
  }
  return parsed.data;
}
