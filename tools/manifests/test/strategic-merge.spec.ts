import { strategicMerge } from '../src/kustomize/strategic-merge';

describe('strategic merge', () => {
  it('merges maps key by key and deletes keys patched to null', () => {
    expect(strategicMerge({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 4, d: null }, e: 5 })).toEqual({ a: 1, b: { c: 4 }, e: 5 });
  });

  it('merges lists of named items by name and appends new names', () => {
    const containers = [{ name: 'app', image: 'a:1', env: [{ name: 'X', value: '1' }] }];
    const patch = [{ name: 'app', env: [{ name: 'Y', value: '2' }] }, { name: 'sidecar', image: 's:1' }];
    expect(strategicMerge(containers, patch)).toEqual([
      { name: 'app', image: 'a:1', env: [{ name: 'X', value: '1' }, { name: 'Y', value: '2' }] },
      { name: 'sidecar', image: 's:1' },
    ]);
  });

  it('replaces lists without names whole, as an Ingress rules patch does', () => {
    expect(strategicMerge({ rules: [{ host: 'a' }, { host: 'b' }] }, { rules: [{ host: 'c' }] })).toEqual({ rules: [{ host: 'c' }] });
  });
});
