import type { E2eStack } from './stack/e2e-stack';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A plain HTTP call to the public API under /api/v1, as a customer's client makes it. */
export async function callApi<T = Record<string, unknown>>(
  stack: E2eStack,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

export interface CreditsView {
  workspace_id: string;
  balance: number;
  recent_transactions: { id: string; amount: number; reason: string; reference: string; created_at: string }[];
}

export const getCredits = (stack: E2eStack, token: string) => callApi<CreditsView>(stack, 'GET', '/credits', token);
