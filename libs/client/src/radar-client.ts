import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/radar-api';
import { DEFAULT_RETRY_POLICY, retryingFetch, type RetryPolicy } from './retrying-fetch';

/** The typed client: `client.GET('/credits')`, `client.POST('/companies/search', { body })`, ... (openapi-fetch). */
export type RadarClient = Client<paths>;

export interface RadarClientOptions {
  /** The gateway's address, e.g. `http://127.0.0.1:8080`; `/api/v1` is added unless it is there. */
  baseUrl: string;
  /** An API token (`rdr_...`); none is needed for the OpenAPI document only. */
  token?: string;
  /** Retries of 429 and 503 that honour Retry-After (see RetryPolicy); `false` turns them off. */
  retry?: Partial<RetryPolicy> | false;
  /** Headers sent with every request (an X-Request-Id, say). */
  headers?: Record<string, string>;
  /** The fetch underneath (a proxy, a recorder); the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A client of the public API of one gateway, authenticated with one token. */
export function createRadarClient(options: RadarClientOptions): RadarClient {
  const apiBase = `${options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}/api/v1`;
  const apiPrefix = new URL(apiBase).pathname;
  const apiPathOf = (url: string): string => {
    const { pathname } = new URL(url);
    return pathname.startsWith(apiPrefix) ? pathname.slice(apiPrefix.length) : pathname;
  };
  const policy: RetryPolicy = options.retry === false ? { ...DEFAULT_RETRY_POLICY, attempts: 1 } : { ...DEFAULT_RETRY_POLICY, ...options.retry };
  return createClient<paths>({
    baseUrl: apiBase,
    headers: { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    fetch: retryingFetch(policy, apiPathOf, options.fetch),
  });
}
