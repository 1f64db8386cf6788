import { toManifest } from '../src/kubernetes-object';
import { elasticsearchViolations, maxMapCountSetterViolations } from '../src/rules/elasticsearch-rules';

const zone = 'topology.kubernetes.io/zone';

/** The prod cluster's shape in small: mmap with the wait for the host, Guaranteed, zone-aware, snapshotted. */
function cluster() {
  return {
    apiVersion: 'elasticsearch.k8s.elastic.co/v1',
    kind: 'Elasticsearch',
    metadata: { name: 'radar-search', annotations: { 'eck.k8s.elastic.co/downward-node-labels': zone } as Record<string, string> },
    spec: {
      version: '8.19.11',
      secureSettings: [
        {
          secretName: 'snapshots',
          entries: [
            { key: 'ID', path: 's3.client.default.access_key' },
            { key: 'KEY', path: 's3.client.default.secret_key' },
          ],
        },
      ],
      nodeSets: [
        {
          name: 'data',
          count: 3,
          config: { 'node.attr.zone': '${ZONE}', 'cluster.routing.allocation.awareness.attributes': 'k8s_node_name,zone' } as Record<string, unknown>,
          podTemplate: {
            spec: {
              topologySpreadConstraints: [{ maxSkew: 1, topologyKey: zone, whenUnsatisfiable: 'DoNotSchedule' }],
              initContainers: [{ name: 'max-map-count-check', command: ['sh', '-c', 'until [ "$(cat /proc/sys/vm/max_map_count)" -ge 262144 ]; do sleep 5; done'] }],
              containers: [
                {
                  name: 'elasticsearch',
                  env: [{ name: 'ZONE', valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${zone}']` } } }],
                  resources: { requests: { cpu: '6', memory: '32Gi' }, limits: { cpu: '6', memory: '32Gi' } },
                },
              ],
            },
          },
        },
      ],
    },
  };
}

type Cluster = ReturnType<typeof cluster>;

const secret = toManifest({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'snapshots' } }, 'test');
const snapshotJob = toManifest(
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'elasticsearch-snapshot-policy' },
    spec: { template: { spec: { containers: [{ name: 'register', command: ['sh', '-c', 'put /_snapshot/radar-snapshots repository.json; put /_slm/policy/nightly policy.json'] }] } } },
  },
  'test',
);

function world(change: (object: Cluster) => void = () => undefined) {
  const object = cluster();
  change(object);
  return [toManifest(object, 'test'), secret, snapshotJob];
}

const nodeSetOf = (object: Cluster) => object.spec.nodeSets[0] as Cluster['spec']['nodeSets'][number];
const elasticsearchContainer = (object: Cluster) => nodeSetOf(object).podTemplate.spec.containers[0] as Cluster['spec']['nodeSets'][number]['podTemplate']['spec']['containers'][number];

describe('Elasticsearch rules', () => {
  it('accept a cluster that maps its files once the host allows it, holds what it asks for, knows its zones and snapshots to S3', () => {
    expect(elasticsearchViolations(world())).toEqual([]);
  });

  it('refuse reading the index without mmap, and a node set that does not wait for vm.max_map_count', () => {
    const violations = elasticsearchViolations(
      world((object) => {
        nodeSetOf(object).config['node.store.allow_mmap'] = false;
        nodeSetOf(object).podTemplate.spec.initContainers = [];
      }),
    );
    expect(violations).toEqual([
      'Elasticsearch/radar-search (test) node set data reads its index without mmap (node.store.allow_mmap: false): raise vm.max_map_count instead (k8s/node-setup)',
      'Elasticsearch/radar-search (test) node set data has no init container that waits for vm.max_map_count >= 262144',
    ]);
  });

  it('refuse CPU requests below the limit', () => {
    const violations = elasticsearchViolations(
      world((object) => {
        elasticsearchContainer(object).resources = { requests: { cpu: '4', memory: '32Gi' }, limits: { cpu: '8', memory: '32Gi' } };
      }),
    );
    expect(violations).toEqual(['Elasticsearch/radar-search (test) node set data requests 4 cpu but may use 8: requests must equal limits']);
  });

  it('refuse a cluster that does not know its zones', () => {
    const violations = elasticsearchViolations(
      world((object) => {
        object.metadata.annotations = {};
        nodeSetOf(object).config = {};
        nodeSetOf(object).podTemplate.spec.topologySpreadConstraints = [];
      }),
    );
    expect(violations).toEqual([
      'Elasticsearch/radar-search (test) node set data allocates shard copies without awareness of zone and k8s_node_name',
      'Elasticsearch/radar-search (test) node set data does not give each node its zone (node.attr.zone from the pod annotation topology.kubernetes.io/zone)',
      'Elasticsearch/radar-search (test) node set data does not ask ECK for the node label topology.kubernetes.io/zone (eck.k8s.elastic.co/downward-node-labels)',
      'Elasticsearch/radar-search (test) node set data does not spread its pods over zones (a topology spread constraint on the zone, maxSkew 1, DoNotSchedule)',
    ]);
  });

  it('refuse a cluster without the S3 keys from a built Secret or a Job that registers its snapshots', () => {
    const [elasticsearch] = world((object) => {
      object.spec.secureSettings = [];
    });
    expect(elasticsearchViolations(elasticsearch ? [elasticsearch] : [])).toEqual([
      'Elasticsearch/radar-search (test) has no s3 client access_key in its keystore from a built Secret (secureSettings)',
      'Elasticsearch/radar-search (test) has no s3 client secret_key in its keystore from a built Secret (secureSettings)',
      'Elasticsearch/radar-search (test) has no Job that registers a snapshot repository and its lifecycle policy',
    ]);
  });
});

describe('the vm.max_map_count setter', () => {
  const daemonSet = (command: string, tolerations: object[] = [{ operator: 'Exists' }]) =>
    toManifest(
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'max-map-count' },
        spec: {
          selector: { matchLabels: { app: 'max-map-count' } },
          template: {
            spec: {
              nodeSelector: { 'kubernetes.io/os': 'linux' },
              tolerations,
              initContainers: [{ name: 'raise', securityContext: { privileged: true }, command: ['sh', '-c', command] }],
              containers: [{ name: 'idle' }],
            },
          },
        },
      },
      'test',
    );
  const raising = '[ "$(cat /proc/sys/vm/max_map_count)" -ge 262144 ] || echo 262144 > /proc/sys/vm/max_map_count';

  it('accept a DaemonSet on every Linux node that raises the setting and never lowers it', () => {
    expect(maxMapCountSetterViolations([daemonSet(raising)])).toEqual([]);
  });

  it('refuse one that overwrites a higher value, or skips tainted nodes', () => {
    const refusal = ['no DaemonSet raises vm.max_map_count to 262144 on every Linux node (without lowering a higher value)'];
    expect(maxMapCountSetterViolations([daemonSet('echo 262144 > /proc/sys/vm/max_map_count')])).toEqual(refusal);
    expect(maxMapCountSetterViolations([daemonSet(raising, [])])).toEqual(refusal);
  });
});
