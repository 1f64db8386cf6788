import { z } from 'zod';
import { ConfigError, loadConfig } from '@radar/platform/config';
import { CliError, EXIT } from '../cli-error';

// An empty variable counts as unset, as a blank line in .env usually means "use the default".
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  RADAR_TOKEN: z.preprocess(blankAsUnset, z.string().optional()),
  RADAR_BASE_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  GATEWAY_PORT: z.preprocess(blankAsUnset, z.string().regex(/^\d{1,5}$/, 'must be a port number').default('8080')),
});

export interface PublicApiConfig {
  baseUrl: string;
  token: string;
}

/**
 * Where the public API is and the token to call it with, for the commands that are a plain API
 * client (`radar mcp`): RADAR_TOKEN, and RADAR_BASE_URL or else the local stack's gateway
 * (GATEWAY_PORT of the repository's .env, as `npm start` runs it). No operator rights are used.
 */
export function loadPublicApiConfig(env: NodeJS.ProcessEnv): PublicApiConfig {
  let config: z.infer<typeof schema>;
  try {
    config = loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError('CONFIG_ERROR', error.problems.join('; '), EXIT.usage);
    throw error;
  }
  // The API's own code for a call without a token (exit 1, as for any refusal the API would give).
  if (!config.RADAR_TOKEN) {
    throw new CliError('MISSING_AUTH_HEADER', 'Set RADAR_TOKEN to a Radar API token (rdr_...): the tools call the API with it');
  }
  return { baseUrl: config.RADAR_BASE_URL ?? `http://127.0.0.1:${config.GATEWAY_PORT}`, token: config.RADAR_TOKEN };
}
