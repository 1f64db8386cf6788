import { z } from 'zod';
import { ConfigError, env } from '@radar/platform/config';
import { DEVELOPMENT_LAYOUT, type ElasticsearchCluster, type ElasticsearchSettings } from '@radar/company-index-elasticsearch';

/** An optional text variable where an empty value means unset (as in .env files and manifests). */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined));

/** A whole number, left unset when absent: the layout's defaults are applied (and refused in production) below. */
const count = (minimum: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number')
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : Number(value)))
    .pipe(z.number().int().min(minimum, `must be at least ${minimum}`).optional());

/** A share between 0 and 1 written as a decimal (0.001 is 0.1 %); unset or empty leaves the engine's default. */
const share = () =>
  z
    .string()
    .regex(/^$|^(0(\.\d{1,9})?|1(\.0{1,9})?)$/, 'must be a share between 0 and 1 written as a decimal, e.g. 0.001 for 0.1 %')
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : Number(value)));

/** A duration in whole milliseconds (0 allowed); unset or empty leaves the engine's default. */
const milliseconds = () =>
  z
    .string()
    .regex(/^\d{0,13}$/, 'must be a whole number of milliseconds, e.g. 86400000 for a day')
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : Number(value)));

/** Search's own variables; ports, database and NATS come from the platform and the service catalogue. */
export const searchConfig = z.object({
  /**
   * Set (or ELASTICSEARCH_CLOUD_ID): search runs on Elasticsearch. Unset: PostgreSQL full-text
   * search in the search database.
   */
  ELASTICSEARCH_URL: env.optionalUrl(),
  /** An Elastic Cloud deployment, instead of ELASTICSEARCH_URL. */
  ELASTICSEARCH_CLOUD_ID: optionalText(),
  /** The alias searches read; each feed builds a new index behind it (`<alias>-fed-<time>`). */
  ELASTICSEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,199}$/, 'must be an Elasticsearch index name: lower case letters, digits, ".", "_" and "-"')
    .default('radar-companies'),
  /** An API key (the base64 `encoded` value Elasticsearch returns), or ELASTICSEARCH_USERNAME and _PASSWORD. */
  ELASTICSEARCH_API_KEY: optionalText(),
  ELASTICSEARCH_USERNAME: optionalText(),
  ELASTICSEARCH_PASSWORD: optionalText(),
  /** PEM file of the CA that signed the cluster's HTTP certificate (not needed for Elastic Cloud or a public CA). */
  ELASTICSEARCH_CA_FILE: optionalText(),
  /** Primary shards of each index the service creates; fixed for the index's life (docs/performance.md: 6 at 13M). */
  ELASTICSEARCH_SHARDS: count(1),
  /** Replicas of each shard once an index is live (0 suits a single-node cluster; 1 in production). */
  ELASTICSEARCH_REPLICAS: count(0),
  /** How soon writes outside feeds become searchable, e.g. `1s` or `30s`. */
  ELASTICSEARCH_REFRESH_INTERVAL: z
    .string()
    .regex(/^[1-9]\d*(ms|s|m|h)$/, 'must be an Elasticsearch time value such as 1s or 30s')
    .optional(),
  /** The time an Elasticsearch search may take in all, its one retry included; beyond it search answers 503. */
  ELASTICSEARCH_SEARCH_BUDGET_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * The share of the store's companies a feed may leave out as unindexable (its dead-letter
   * list) and still go live; beyond it the feed fails and the live index stays. Default 0.001.
   */
  ELASTICSEARCH_FEED_REJECTION_TOLERANCE: share(),
  /** How long the index a feed replaced is kept, so the alias can be pointed back at it; 0 deletes it at the swap. Default a day. */
  ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS: milliseconds(),
  /** `production` requires the Elasticsearch layout to be set explicitly. */
  NODE_ENV: optionalText(),
  INTERNAL_SIGNING_SECRET: env.secret(),
  OPERATOR_SECRET: env.secret(),
  /** Signs pagination cursors; changing it invalidates every cursor in flight. */
  CURSOR_SECRET: env.secret(),
  /** A search or count that runs longer is cancelled (503) rather than holding a connection. */
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
});

export type SearchConfig = z.infer<typeof searchConfig>;

function clusterAuth(config: SearchConfig, problems: string[]): ElasticsearchCluster['auth'] {
  const { ELASTICSEARCH_API_KEY: apiKey, ELASTICSEARCH_USERNAME: username, ELASTICSEARCH_PASSWORD: password } = config;
  if (apiKey !== undefined && (username !== undefined || password !== undefined)) {
    problems.push('ELASTICSEARCH_API_KEY and ELASTICSEARCH_USERNAME/_PASSWORD are both set: use one way to log in');
    return undefined;
  }
  if ((username === undefined) !== (password === undefined)) {
    problems.push('ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD go together: set both or neither');
    return undefined;
  }
  if (apiKey !== undefined) return { apiKey };
  if (username !== undefined && password !== undefined) return { username, password };
  return undefined;
}

/**
 * The Elasticsearch settings of the configuration, undefined when no cluster is named (search
 * then runs on PostgreSQL). Combinations that cannot work fail the start with a ConfigError
 * naming the variables.
 */
export function elasticsearchSettingsOf(config: SearchConfig): ElasticsearchSettings | undefined {
  const problems: string[] = [];
  const node = config.ELASTICSEARCH_URL;
  const cloudId = config.ELASTICSEARCH_CLOUD_ID;
  if (node !== undefined && cloudId !== undefined) problems.push('ELASTICSEARCH_URL and ELASTICSEARCH_CLOUD_ID are both set: name the cluster once');
  const auth = clusterAuth(config, problems);
  const named = node !== undefined || cloudId !== undefined;
  const connectionVariables = ['ELASTICSEARCH_API_KEY', 'ELASTICSEARCH_USERNAME', 'ELASTICSEARCH_PASSWORD', 'ELASTICSEARCH_CA_FILE'] as const;
  const stray = connectionVariables.filter((name) => config[name] !== undefined);
  if (!named && stray.length > 0) problems.push(`${stray.join(', ')} set without ELASTICSEARCH_URL or ELASTICSEARCH_CLOUD_ID`);
  const layoutVariables = ['ELASTICSEARCH_SHARDS', 'ELASTICSEARCH_REPLICAS', 'ELASTICSEARCH_REFRESH_INTERVAL'] as const;
  const unsetLayout = layoutVariables.filter((name) => config[name] === undefined);
  if (named && config.NODE_ENV === 'production' && unsetLayout.length > 0) {
    // The development defaults (1 shard, no replica, 1 s refresh) would serve 13 million companies from one unreplicated shard.
    problems.push(`${unsetLayout.join(', ')} not set: in production the index layout is set explicitly (docs/performance.md: 6 shards, 1 replica, 30s at 13M)`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (!named) return undefined;
  return {
    cluster: {
      ...(node === undefined ? {} : { node }),
      ...(cloudId === undefined ? {} : { cloudId }),
      ...(auth === undefined ? {} : { auth }),
      ...(config.ELASTICSEARCH_CA_FILE === undefined ? {} : { caFile: config.ELASTICSEARCH_CA_FILE }),
    },
    index: config.ELASTICSEARCH_INDEX,
    searchBudgetMs: config.ELASTICSEARCH_SEARCH_BUDGET_MS,
    ...(config.ELASTICSEARCH_FEED_REJECTION_TOLERANCE === undefined ? {} : { rejectionTolerance: config.ELASTICSEARCH_FEED_REJECTION_TOLERANCE }),
    ...(config.ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS === undefined ? {} : { keepPreviousForMs: config.ELASTICSEARCH_KEEP_PREVIOUS_INDEX_MS }),
    layout: {
      shards: config.ELASTICSEARCH_SHARDS ?? DEVELOPMENT_LAYOUT.shards,
      replicas: config.ELASTICSEARCH_REPLICAS ?? DEVELOPMENT_LAYOUT.replicas,
      refreshInterval: config.ELASTICSEARCH_REFRESH_INTERVAL ?? DEVELOPMENT_LAYOUT.refreshInterval,
    },
  };
}
