import { z } from 'zod';
import { env, loadConfig } from '@radar/platform/config';

const schema = z.object({
  LEDGER_PORT: env.port(8082),
  LEDGER_HOST: z.string().default('127.0.0.1'),
  LEDGER_DATABASE_URL: env.url(),
  NATS_URL: env.url().default('nats://127.0.0.1:4222'),
  NATS_NAMESPACE: z.string().default(''),
  INTERNAL_SIGNING_SECRET: env.secret(),
  RUN_MIGRATIONS: env.boolean(true),
  LOG_LEVEL: env.logLevel(),
});

export type LedgerConfig = z.infer<typeof schema>;
export const loadLedgerConfig = (source: NodeJS.ProcessEnv = process.env): LedgerConfig => loadConfig(schema, source);
