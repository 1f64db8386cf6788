import path from 'node:path';
import { kustomizationReferences } from '../src/kustomization-references';
import { temporaryFolder } from './builders/temporary-folder';

describe('kustomizationReferences', () => {
  const tree = temporaryFolder({
    'overlay/kustomization.yaml': [
      'resources: [cluster.yaml]',
      'configMapGenerator:',
      '  - name: settings',
      '    files: [settings/policy.json]',
      'secretGenerator:',
      '  - name: roles',
      '    files: [roles.yml=elasticsearch-roles.yml]',
      '',
    ].join('\n'),
    'overlay/cluster.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: cluster }\n',
  });
  afterAll(() => tree.remove());

  it('lists the files generators read whole, by their path in the tree whatever key they are stored under, apart from the resources', () => {
    const references = kustomizationReferences(path.join(tree.root, 'overlay'));
    expect(references.generatorFiles).toEqual([path.join(tree.root, 'overlay/settings/policy.json'), path.join(tree.root, 'overlay/elasticsearch-roles.yml')]);
    expect(references.files).toEqual([path.join(tree.root, 'overlay/kustomization.yaml'), path.join(tree.root, 'overlay/cluster.yaml')]);
  });
});
