import type { Client } from '@elastic/elasticsearch';
import { gauge } from '@radar/platform/metrics';

/** The gauge's value per cluster status; alerts fire on yellow (1) for long, red (2) or unreachable (3) at once. */
const STATUS_VALUES: Record<string, number> = { green: 0, yellow: 1, red: 2 };
const UNREACHABLE = 3;
/** A scrape must not wait for a slow cluster. */
const HEALTH_TIMEOUT_MS = 2_000;

let readStatus: (() => Promise<number>) | undefined;

/**
 * Cluster health as a metric, read when the metrics are scraped (not by readiness: a slow
 * cluster would take every search pod out of service at once).
 */
const clusterStatus = gauge({
  name: 'radar_elasticsearch_cluster_status',
  help: 'Elasticsearch cluster health seen by search: 0 green, 1 yellow, 2 red, 3 unreachable',
  async collect() {
    if (readStatus !== undefined) this.set(await readStatus());
  },
});

/** Reports the health of the cluster this client talks to in the gauge; returns the function that stops it. */
export function reportClusterHealth(client: Client): () => void {
  const read = async (): Promise<number> => {
    try {
      const health = await client.cluster.health({}, { requestTimeout: HEALTH_TIMEOUT_MS, maxRetries: 0 });
      return STATUS_VALUES[health.status.toLowerCase()] ?? UNREACHABLE;
    } catch {
      return UNREACHABLE;
    }
  };
  readStatus = read;
  return () => {
    if (readStatus === read) readStatus = undefined;
    clusterStatus.reset();
  };
}
