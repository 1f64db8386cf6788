import { z } from 'zod';
import { ConfigError, loadConfig } from '@radar/platform/config';
import { CliError, EXIT } from '../cli-error';

export const DEFAULT_OPERATOR_URL = 'http://127.0.0.1:8081';

// An empty variable counts as unset, as a blank line in .env usually means "use the default".
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  RADAR_OPERATOR_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).default(DEFAULT_OPERATOR_URL)),
  OPERATOR_SECRET: z.string({ error: 'set it to the gateway operator secret' }).min(1, 'must not be empty'),
  RADAR_OPERATOR_TIMEOUT_MS: z.preprocess(
    blankAsUnset,
    z.string().regex(/^\d+$/, 'must be a number of milliseconds').default('15000').transform(Number).pipe(z.number().int().positive()),
  ),
});

export interface OperatorConfig {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** Where the gateway's operator interface is and how to prove we are the operator. */
export function loadOperatorConfig(env: NodeJS.ProcessEnv): OperatorConfig {
  try {
    const config = loadConfig(schema, env);
    return { url: config.RADAR_OPERATOR_URL, secret: config.OPERATOR_SECRET, timeoutMs: config.RADAR_OPERATOR_TIMEOUT_MS };
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError('CONFIG_ERROR', error.problems.join('; '), EXIT.usage);
    throw error;
  }
}
