import path from 'node:path';
import { toManifest } from '../src/kubernetes-object';
import { committedSecretViolations, secretSourceViolations } from '../src/rules/secret-rules';
import { temporaryFolder } from './builders/temporary-folder';

describe('secret rules', () => {
  it('reject a committed Secret with data or stringData, and accept one without values', () => {
    const secret = (name: string, values: object) => toManifest({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, ...values }, 'k8s/x.yaml');
    const manifests = [secret('a', { data: { KEY: 'dmFsdWU=' } }), secret('b', { stringData: { KEY: 'value' } }), secret('c', { data: {} })];
    expect(committedSecretViolations(manifests)).toEqual(['Secret/a (k8s/x.yaml) commits secret values', 'Secret/b (k8s/x.yaml) commits secret values']);
  });

  describe('secretGenerator sources', () => {
    const folder = temporaryFolder({
      'ignored/.gitignore': '# values\n*.env\n',
      'ignored/app.env.example': 'DATABASE_URL=\n',
      'ignored/leaky.env.example': 'DATABASE_URL=postgresql://u:p@db/app\n',
      'tracked/app.env.example': 'DATABASE_URL=\n',
    });
    afterAll(() => folder.remove());
    const source = (file: string, literals: string[] = []) => ({ kustomization: 'k', name: 'app-secrets', envFiles: [path.join(folder.root, file)], literals });

    it('accept a git-ignored env file with a key-only example', () => {
      expect(secretSourceViolations([source('ignored/app.env')])).toEqual([]);
    });

    it('reject literals, files that git would track, examples with values and missing examples', () => {
      const violations = secretSourceViolations([
        source('ignored/app.env', ['TOKEN=abc']),
        source('tracked/app.env'),
        source('ignored/leaky.env'),
        source('ignored/none.env'),
      ]);
      expect(violations).toEqual([
        'k secretGenerator app-secrets has literal values',
        expect.stringMatching(/tracked\/app\.env \(secretGenerator app-secrets\) is not git-ignored beside it$/),
        expect.stringMatching(/ignored\/leaky\.env\.example gives DATABASE_URL a value; examples list keys only$/),
        expect.stringMatching(/ignored\/none\.env has no none\.env\.example listing its keys$/),
      ]);
    });
  });
});
