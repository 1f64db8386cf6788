import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import type { SecretSource } from '../kustomization-references';
import { describe, type Manifest } from '../kubernetes-object';
import { relativeToRepository } from '../paths';

/** Committed Secret objects may exist only without values (the values come from elsewhere). */
export function committedSecretViolations(manifests: Manifest[]): string[] {
  return manifests
    .filter(({ object }) => object.kind === 'Secret')
    .filter(({ object }) => [object.data, object.stringData].some((values) => typeof values === 'object' && values !== null && Object.keys(values).length > 0))
    .map((manifest) => `${describe(manifest)} commits secret values`);
}

const globToRegExp = (pattern: string): RegExp =>
  new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}$`);

/** Whether a .gitignore beside the file has a plain line or simple glob matching its name. */
export function isIgnoredBeside(file: string): boolean {
  const gitignore = path.join(path.dirname(file), '.gitignore');
  if (!existsSync(gitignore)) return false;
  return readFileSync(gitignore, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
    .some((pattern) => globToRegExp(pattern.replace(/^\//, '')).test(path.basename(file)));
}

/**
 * A secretGenerator takes no literals; each env file it reads is git-ignored and has a
 * committed `<file>.example` with the keys and no values.
 */
export function secretSourceViolations(sources: SecretSource[]): string[] {
  return sources.flatMap(({ kustomization, name, envFiles, literals }) => [
    ...(literals.length > 0 ? [`${kustomization} secretGenerator ${name} has literal values`] : []),
    ...envFiles.flatMap((file) => {
      const shown = relativeToRepository(file);
      const example = `${file}.example`;
      return [
        ...(isIgnoredBeside(file) ? [] : [`${shown} (secretGenerator ${name}) is not git-ignored beside it`]),
        ...(!existsSync(example)
          ? [`${shown} has no ${path.basename(example)} listing its keys`]
          : Object.entries(parseEnv(readFileSync(example, 'utf8')))
              .filter(([, value]) => value !== '')
              .map(([key]) => `${relativeToRepository(example)} gives ${key} a value; examples list keys only`)),
      ];
    }),
  ]);
}
