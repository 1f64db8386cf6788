import { z } from 'zod';
import { env, loadConfig } from '@radar/platform/config';

const schema = z.object({
  SEARCH_PORT: env.port(8083),
  SEARCH_HOST: z.string().default('127.0.0.1'),
  SEARCH_DATABASE_URL: env.url(),
  /** Set: search runs on Elasticsearch. Unset: PostgreSQL full-text search in SEARCH_DATABASE_URL. */
  ELASTICSEARCH_URL: env.optionalUrl(),
  ELASTICSEARCH_INDEX: z.string().min(1).default('radar-companies'),
  NATS_URL: env.url().default('nats://127.0.0.1:4222'),
  NATS_NAMESPACE: z.string().default(''),
  INTERNAL_SIGNING_SECRET: env.secret(),
  OPERATOR_SECRET: env.secret(),
  /** Signs pagination cursors; changing it invalidates every cursor in flight. */
  CURSOR_SECRET: env.secret(),
  /** A search or count that runs longer is cancelled (503) rather than holding a connection. */
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  RUN_MIGRATIONS: env.boolean(true),
  LOG_LEVEL: env.logLevel(),
});

export type SearchConfig = z.infer<typeof schema>;
export const loadSearchConfig = (source: NodeJS.ProcessEnv = process.env): SearchConfig => loadConfig(schema, source);
