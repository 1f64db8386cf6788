import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse, parseAllDocuments } from 'yaml';
import { toManifest, type Manifest } from './kubernetes-object';
import { kubernetesRoot, relativeToRepository } from './paths';

/** kubectl 1.32 with kustomize v5.5 on the project's machines (../shared/design/platform.md); KUBECTL names another. */
const kubectl = (): string => process.env.KUBECTL ?? 'kubectl';

const ORIGIN = 'config.kubernetes.io/origin';

/** The value every key of a secret example gets in the checker's copy: never a real secret. */
export const PLACEHOLDER_SECRET_VALUE = 'checker-placeholder';

function filesNamed(folder: string, test: (name: string) => boolean): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A scratch copy of the k8s/ tree that `kubectl kustomize` can build without real secrets: the
 * developer's own `secrets/*.env` files are left out, and each committed `*.env.example` gets an
 * env file beside it whose keys hold a placeholder. Every kustomization asks for origin
 * annotations, which tell each built object's file.
 */
function buildableCopy(tree: string): { root: string; remove: () => void } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'radar-kustomize-'));
  const root = path.join(scratch, 'k8s');
  cpSync(tree, root, { recursive: true, filter: (source) => !source.endsWith('.env') });
  for (const example of filesNamed(root, (name) => name.endsWith('.env.example'))) {
    const keys = Object.keys(parseEnv(readFileSync(example, 'utf8')));
    writeFileSync(example.replace(/\.example$/, ''), keys.map((key) => `${key}=${PLACEHOLDER_SECRET_VALUE}\n`).join(''));
  }
  for (const kustomization of filesNamed(root, (name) => name === 'kustomization.yaml')) {
    appendFileSync(kustomization, '\nbuildMetadata: [originAnnotations]\n');
  }
  return { root, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}

/** The file an object came from, as the origin annotation says, relative to the repository. */
function sourceOf(origin: string | undefined, builtFolder: string): string {
  const fields = (origin ? parse(origin) : {}) as { path?: string; configuredIn?: string };
  if (fields.path) return relativeToRepository(path.resolve(builtFolder, fields.path));
  if (fields.configuredIn) return `${relativeToRepository(path.resolve(builtFolder, fields.configuredIn))} (generated)`;
  return relativeToRepository(builtFolder);
}

/**
 * Builds a kustomization folder of `tree` (k8s/) with the real kustomize (`kubectl kustomize`, no
 * cluster needed) and answers its objects, each with the file it came from. Generated names keep
 * kustomize's content hash; generated Secrets hold placeholders. A build error (a missing file,
 * an unknown field, a patch without a target) throws kustomize's own message.
 */
export function kustomizeBuild(folder: string, tree: string = kubernetesRoot): Manifest[] {
  const copy = buildableCopy(tree);
  try {
    const builtFolder = path.join(copy.root, path.relative(tree, folder));
    let output: string;
    try {
      output = execFileSync(kubectl(), ['kustomize', builtFolder], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? String(error);
      throw new Error(`kubectl kustomize ${relativeToRepository(folder)} failed: ${stderr.split(copy.root).join('k8s').trim()}`, { cause: error });
    }
    return parseAllDocuments(output).flatMap((document) => {
      const object = document.toJS() as { metadata?: { annotations?: Record<string, string> } } | null;
      if (!object) return [];
      const annotations = object.metadata?.annotations ?? {};
      const source = sourceOf(annotations[ORIGIN], folder);
      delete annotations[ORIGIN];
      if (object.metadata && Object.keys(annotations).length === 0) delete object.metadata.annotations;
      return [toManifest(object, source)];
    });
  } finally {
    copy.remove();
  }
}
