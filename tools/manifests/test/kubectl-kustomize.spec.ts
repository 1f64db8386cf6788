import path from 'node:path';
import { kustomizeBuild, PLACEHOLDER_SECRET_VALUE } from '../src/kubectl-kustomize';
import { relativeToRepository } from '../src/paths';
import { temporaryFolder } from './builders/temporary-folder';

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: { name: app }
spec:
  selector: { matchLabels: { app: app } }
  template:
    metadata: { labels: { app: app } }
    spec:
      containers:
        - name: app
          image: radar/services
          envFrom:
            - configMapRef: { name: app-config }
            - secretRef: { name: app-secrets }
`;

describe('kustomizeBuild (kubectl kustomize on a scratch copy)', () => {
  const tree = temporaryFolder({
    'base/kustomization.yaml': 'resources: [deployment.yaml]\nconfigMapGenerator:\n  - name: app-config\n    literals: [LOG_LEVEL=info]\n',
    'base/deployment.yaml': deployment,
    'overlay/kustomization.yaml':
      'namespace: radar\nresources: [../base]\nsecretGenerator:\n  - name: app-secrets\n    envs: [secrets/app.env]\npatches:\n  - path: replicas.yaml\n',
    'overlay/replicas.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: app }\nspec: { replicas: 3 }\n',
    'overlay/secrets/app.env.example': 'DATABASE_URL=\nAPI_KEY=\n',
    // A developer's real values never reach the build.
    'overlay/secrets/app.env': 'DATABASE_URL=postgresql://real:secret@db/app\nAPI_KEY=live-key\n',
    'broken/kustomization.yaml': 'resources: [missing.yaml]\n',
  });
  afterAll(() => tree.remove());

  it('builds with the real kustomize: patches applied, generated names hashed and referenced, namespace set', () => {
    const built = kustomizeBuild(path.join(tree.root, 'overlay'), tree.root);
    const byKind = Object.fromEntries(built.map(({ object }) => [object.kind, object]));
    const spec = byKind.Deployment?.spec as { replicas: number; template: { spec: { containers: { envFrom: { configMapRef?: { name: string }; secretRef?: { name: string } }[] }[] } } };
    expect(spec.replicas).toBe(3);
    expect(byKind.ConfigMap?.metadata.name).toMatch(/^app-config-[a-z0-9]{10}$/);
    expect(spec.template.spec.containers[0]?.envFrom).toEqual([{ configMapRef: { name: byKind.ConfigMap?.metadata.name } }, { secretRef: { name: byKind.Secret?.metadata.name } }]);
    expect(built.every(({ object }) => object.metadata.namespace === 'radar')).toBe(true);
  });

  it('gives generated Secrets the example keys with placeholders, never the values of a local env file', () => {
    const secret = kustomizeBuild(path.join(tree.root, 'overlay'), tree.root).find(({ object }) => object.kind === 'Secret')?.object as unknown as { data: Record<string, string> };
    const decoded = Object.fromEntries(Object.entries(secret.data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]));
    expect(decoded).toEqual({ DATABASE_URL: PLACEHOLDER_SECRET_VALUE, API_KEY: PLACEHOLDER_SECRET_VALUE });
  });

  it('says which file each object came from, and drops the origin annotation it read that from', () => {
    const built = kustomizeBuild(path.join(tree.root, 'overlay'), tree.root);
    const sources = Object.fromEntries(built.map(({ object, source }) => [object.kind, source]));
    expect(sources.Deployment).toBe(relativeToRepository(path.join(tree.root, 'base/deployment.yaml')));
    expect(sources.ConfigMap).toBe(`${relativeToRepository(path.join(tree.root, 'base/kustomization.yaml'))} (generated)`);
    expect(JSON.stringify(built.map(({ object }) => object.metadata))).not.toContain('config.kubernetes.io/origin');
  });

  it("fails with kustomize's message when a kustomization names a file that does not exist", () => {
    expect(() => kustomizeBuild(path.join(tree.root, 'broken'), tree.root)).toThrow(/kubectl kustomize .*broken failed: .*missing\.yaml/s);
  });
});
