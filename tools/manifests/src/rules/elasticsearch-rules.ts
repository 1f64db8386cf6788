// Through the package root: the lint rule against importing our apps/ also matches 'kubernetes-models/apps/v1'.
import { apps } from 'kubernetes-models';
import { Job } from 'kubernetes-models/batch/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { parseEckElasticsearch } from '../eck-elasticsearch';
import { describe, podTemplateOf, type Manifest } from '../kubernetes-object';

/** The host setting Lucene's memory-mapped store needs (ECK's docs, "Virtual memory"). */
export const MAX_MAP_COUNT = 262_144;

const ZONE_LABEL = 'topology.kubernetes.io/zone';
const DOWNWARD_NODE_LABELS = 'eck.k8s.elastic.co/downward-node-labels';

const commandOf = (container: IContainer): string => [...(container.command ?? []), ...(container.args ?? [])].join(' ');

/** A node set's Elasticsearch container holds as many CPUs and as much memory as it asks for: scheduled where it runs, never throttled below it. */
function guaranteedViolations(container: IContainer | undefined): string[] {
  if (!container) return ['has no elasticsearch container to size'];
  const { requests = {}, limits = {} } = container.resources ?? {};
  return (['cpu', 'memory'] as const).flatMap((resource) =>
    requests[resource] !== undefined && requests[resource] === limits[resource]
      ? []
      : [`requests ${requests[resource] ?? 'no'} ${resource} but may use ${limits[resource] ?? 'any'}: requests must equal limits`],
  );
}

/** Shard copies go to different zones: the zone reaches each node as an attribute, allocation is aware of it, and the pods spread over zones. */
function zoneViolations(config: Record<string, unknown>, template: IPodTemplateSpec | undefined, container: IContainer | undefined, exposedLabels: string): string[] {
  const awareness = String(config['cluster.routing.allocation.awareness.attributes'] ?? '').split(',');
  const attribute = /^\$\{(\w+)\}$/.exec(String(config['node.attr.zone'] ?? ''))?.[1];
  const fromZone = container?.env?.find((variable) => variable.name === attribute)?.valueFrom?.fieldRef?.fieldPath === `metadata.annotations['${ZONE_LABEL}']`;
  const spread = (template?.spec?.topologySpreadConstraints ?? []).some(
    (constraint) => constraint.topologyKey === ZONE_LABEL && constraint.maxSkew === 1 && constraint.whenUnsatisfiable === 'DoNotSchedule',
  );
  return [
    ...(awareness.includes('zone') && awareness.includes('k8s_node_name') ? [] : ['allocates shard copies without awareness of zone and k8s_node_name']),
    ...(attribute && fromZone ? [] : [`does not give each node its zone (node.attr.zone from the pod annotation ${ZONE_LABEL})`]),
    ...(exposedLabels.split(',').includes(ZONE_LABEL) ? [] : [`does not ask ECK for the node label ${ZONE_LABEL} (${DOWNWARD_NODE_LABELS})`]),
    ...(spread ? [] : ['does not spread its pods over zones (a topology spread constraint on the zone, maxSkew 1, DoNotSchedule)']),
  ];
}

/**
 * The search index's cluster as production needs it: Lucene's memory-mapped store (no
 * `node.store.allow_mmap: false`) with an init container that waits for the host's
 * vm.max_map_count; Guaranteed resources; zone awareness; and snapshots to an object store (the S3
 * client's keys in the keystore from a built Secret, and a Job that registers the repository and
 * the lifecycle policy).
 */
export function elasticsearchViolations(manifests: Manifest[]): string[] {
  const clusters = manifests.filter(({ object }) => object.kind === 'Elasticsearch');
  const secrets = new Set(manifests.filter(({ object }) => object.kind === 'Secret').map(({ object }) => object.metadata.name));
  const jobCommands = manifests.flatMap(({ object }) => (Job.is(object) ? (podTemplateOf(object)?.spec?.containers ?? []).map(commandOf) : []));
  return clusters.flatMap((manifest) => {
    const cluster = parseEckElasticsearch(manifest.object);
    if (!cluster) return [];
    const exposedLabels = (cluster.metadata as { annotations?: Record<string, string> }).annotations?.[DOWNWARD_NODE_LABELS] ?? '';
    const nodeSets = cluster.spec.nodeSets.flatMap((nodeSet) => {
      const config = nodeSet.config ?? {};
      const template = nodeSet.podTemplate as IPodTemplateSpec | undefined;
      const container = template?.spec?.containers.find((candidate) => candidate.name === 'elasticsearch');
      const waits = (template?.spec?.initContainers ?? []).some((init) => commandOf(init).includes('max_map_count') && commandOf(init).includes(String(MAX_MAP_COUNT)));
      return [
        ...(config['node.store.allow_mmap'] === false ? ['reads its index without mmap (node.store.allow_mmap: false): raise vm.max_map_count instead (k8s/node-setup)'] : []),
        ...(waits ? [] : [`has no init container that waits for vm.max_map_count >= ${MAX_MAP_COUNT}`]),
        ...guaranteedViolations(container),
        ...zoneViolations(config, template, container, exposedLabels),
      ].map((violation) => `node set ${nodeSet.name} ${violation}`);
    });
    const keystore = (cluster.spec.secureSettings ?? []).flatMap(({ secretName, entries = [] }) => entries.map((entry) => ({ secretName, setting: entry.path ?? entry.key })));
    const snapshots = [
      ...['access_key', 'secret_key'].flatMap((key) =>
        keystore.some(({ setting, secretName }) => new RegExp(`^s3\\.client\\.\\w+\\.${key}$`).test(setting) && secrets.has(secretName))
          ? []
          : [`has no s3 client ${key} in its keystore from a built Secret (secureSettings)`],
      ),
      ...(jobCommands.some((command) => command.includes('/_snapshot/') && command.includes('/_slm/policy/')) ? [] : ['has no Job that registers a snapshot repository and its lifecycle policy']),
    ];
    return [...nodeSets, ...snapshots].map((violation) => `${describe(manifest)} ${violation}`);
  });
}

/**
 * A DaemonSet raises vm.max_map_count to at least the minimum on every Linux node, whatever its
 * taints, from a privileged init container that never lowers a higher value.
 */
export function maxMapCountSetterViolations(manifests: Manifest[]): string[] {
  const setters = manifests.filter(({ object }) => {
    if (!apps.v1.DaemonSet.is(object)) return false;
    const spec = object.spec?.template.spec;
    const raises = (spec?.initContainers ?? []).some(
      (init) => init.securityContext?.privileged === true && commandOf(init).includes('/proc/sys/vm/max_map_count') && commandOf(init).includes(`-ge ${MAX_MAP_COUNT}`),
    );
    const everywhere = (spec?.tolerations ?? []).some((toleration) => toleration.operator === 'Exists' && toleration.key === undefined);
    return raises && everywhere && spec?.nodeSelector?.['kubernetes.io/os'] === 'linux';
  });
  return setters.length > 0 ? [] : [`no DaemonSet raises vm.max_map_count to ${MAX_MAP_COUNT} on every Linux node (without lowering a higher value)`];
}
