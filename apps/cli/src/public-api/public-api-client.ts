import { z } from 'zod';
import { errorEnvelopeSchema } from '@radar/contracts';
import { ConfigError, loadConfig } from '@radar/platform/config';
import { CliError, EXIT } from '../cli-error';
import type { FetchLike } from '../operator-client';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  RADAR_BASE_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^https?$/ }).default(DEFAULT_BASE_URL)),
  RADAR_TOKEN: z.string({ error: 'set it to an API token (rdr_...) with the read scope' }).min(1, 'must not be empty'),
});

/** How many times one call waits out a 429 before giving up. */
const RATE_LIMIT_RETRIES = 5;

type Sleep = (ms: number) => Promise<void>;

/**
 * Calls the public API through the gateway as a customer does, with the token in RADAR_TOKEN:
 * the verbs that work on a customer's own list (`radar companies ...`). A 429 is waited out as
 * Retry-After says, so long lists stay within the rate limit.
 */
export class PublicApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly fetchImpl: FetchLike,
    private readonly sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  static fromEnv(env: NodeJS.ProcessEnv, fetchImpl: FetchLike, sleep?: Sleep): PublicApiClient {
    try {
      const config = loadConfig(schema, env);
      return new PublicApiClient(config.RADAR_BASE_URL, config.RADAR_TOKEN, fetchImpl, sleep);
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError('CONFIG_ERROR', error.problems.join('; '), EXIT.usage);
      throw error;
    }
  }

  async post<S extends z.ZodType>(path: string, body: unknown, result: S): Promise<z.infer<S>> {
    const url = `${this.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}/api/v1${path}`;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        });
      } catch {
        throw new CliError('SERVICE_UNAVAILABLE', `The API at ${this.baseUrl} did not answer`);
      }
      const text = await response.text();
      if (response.status === 429 && attempt < RATE_LIMIT_RETRIES) {
        await this.sleep(Math.max(1, Number(response.headers.get('retry-after') ?? 1)) * 1000);
        continue;
      }
      const json: unknown = text ? JSON.parse(text) : undefined;
      if (!response.ok) {
        const envelope = errorEnvelopeSchema.safeParse(json);
        if (envelope.success) throw new CliError(envelope.data.detail.code, envelope.data.detail.message);
        throw new CliError('UNEXPECTED_RESPONSE', `The API answered POST ${path} with HTTP ${response.status}`);
      }
      const parsed = result.safeParse(json);
      if (!parsed.success) throw new CliError('UNEXPECTED_RESPONSE', `The API answered POST ${path} with an unexpected body`);
      return parsed.data;
    }
  }
}
