import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { relativeToRepository } from './paths';
import { parseYamlDocuments } from './yaml-files';

const generatorSchema = z.looseObject({
  name: z.string(),
  envs: z.array(z.string()).optional(),
  literals: z.array(z.string()).optional(),
  files: z.array(z.string()).optional(),
});

/** The fields of a kustomization.yaml that name files; kustomize itself reads and checks the rest. */
const referencesSchema = z.looseObject({
  resources: z.array(z.string()).default([]),
  patches: z.array(z.looseObject({ path: z.string().optional() })).default([]),
  configMapGenerator: z.array(generatorSchema).default([]),
  secretGenerator: z.array(generatorSchema).default([]),
});

/** Where a generated Secret's values come from; the checker reads only the keys of the committed example. */
export interface SecretSource {
  kustomization: string;
  name: string;
  envFiles: string[];
  literals: string[];
}

export interface KustomizationReferences {
  /** Every committed file the kustomization reads, through the folders it includes: kustomization files, resources and patches. */
  files: string[];
  /** The patch files among them: partial objects, checked only once applied. */
  patchFiles: string[];
  /** Files generators read whole into a ConfigMap or Secret (`files:`, `key=path` or `path`): data, not objects. */
  generatorFiles: string[];
  secretSources: SecretSource[];
}

export const kustomizationFileIn = (folder: string): string => path.join(folder, 'kustomization.yaml');

/**
 * The files a kustomization and the kustomizations it includes name, read from their
 * kustomization.yaml (not a build: `kubectl kustomize` builds). For the checks that every file in
 * k8s/ is used by some kustomization, that patches are validated once applied, and that Secrets
 * are generated only from git-ignored env files.
 */
export function kustomizationReferences(folder: string): KustomizationReferences {
  const file = kustomizationFileIn(folder);
  if (!existsSync(file)) throw new Error(`${relativeToRepository(folder)} has no kustomization.yaml`);
  const [document] = parseYamlDocuments(file);
  const parsed = referencesSchema.parse(document);
  const references: KustomizationReferences = { files: [file], patchFiles: [], generatorFiles: [], secretSources: [] };
  for (const resource of parsed.resources) {
    const target = path.resolve(folder, resource);
    if (existsSync(kustomizationFileIn(target))) {
      const nested = kustomizationReferences(target);
      references.files.push(...nested.files);
      references.patchFiles.push(...nested.patchFiles);
      references.generatorFiles.push(...nested.generatorFiles);
      references.secretSources.push(...nested.secretSources);
    } else {
      references.files.push(target);
    }
  }
  for (const patch of parsed.patches) {
    if (!patch.path) continue;
    const target = path.resolve(folder, patch.path);
    references.files.push(target);
    references.patchFiles.push(target);
  }
  for (const generator of [...parsed.configMapGenerator, ...parsed.secretGenerator]) {
    for (const entry of generator.files ?? []) references.generatorFiles.push(path.resolve(folder, entry.split('=').at(-1) ?? entry));
  }
  for (const generator of parsed.secretGenerator) {
    references.secretSources.push({
      kustomization: relativeToRepository(file),
      name: generator.name,
      envFiles: (generator.envs ?? []).map((env) => path.resolve(folder, env)),
      literals: generator.literals ?? [],
    });
  }
  return references;
}
