import { createRadarClient, type Credits, type RadarClient, type RadarClientOptions } from '@radar/client';
import type { E2eStack } from './stack/e2e-stack';

/**
 * The typed client of the stack's gateway (@radar/client). Retries are off unless asked for: a
 * test asserts what the server answered, a 429 included.
 */
export const apiClient = (stack: E2eStack, token: string | undefined, options: Partial<RadarClientOptions> = {}): RadarClient =>
  createRadarClient({ baseUrl: stack.gatewayUrl, token, retry: false, ...options });

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

type AnyMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Any call through the typed client's transport, with a path and body given as plain values: for
 * requests a test builds on purpose outside the contract (unknown fields, wrong types, ids that
 * are not ids) to see how they are refused. Typed calls go through `apiClient`.
 */
export async function callApi<T = Record<string, unknown>>(
  stack: E2eStack,
  method: AnyMethod,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<ApiResponse<T>> {
  const client = apiClient(stack, token);
  const untyped = client.request as unknown as (
    method: string,
    path: string,
    init: { body?: unknown; signal: AbortSignal },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const { data, error, response } = await untyped(method.toLowerCase(), path, { body, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, headers: response.headers, body: (data ?? error) as T };
}

export async function getCredits(stack: E2eStack, token: string): Promise<ApiResponse<Credits>> {
  const { data, error, response } = await apiClient(stack, token).GET('/credits', { signal: AbortSignal.timeout(15_000) });
  return { status: response.status, headers: response.headers, body: (data ?? error) as Credits };
}
