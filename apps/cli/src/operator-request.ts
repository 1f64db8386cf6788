import type { z } from 'zod';

export interface OperatorRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Under OPERATOR_PREFIX, with `:name` placeholders. */
  path: string;
}

/** One call of the operator interface, built from validated flags; the client sends it. */
export interface OperatorRequest<R = unknown> {
  method: OperatorRoute['method'];
  /** Under OPERATOR_PREFIX, placeholders filled in. */
  path: string;
  body?: unknown;
  /** What a successful answer must look like; only its fields are printed. */
  result: z.ZodType<R>;
  /** For calls that legitimately take long: overrides the configured timeout. */
  timeoutMs?: number;
  /** Asks the service to answer at once with a job (`Prefer: respond-async`) instead of waiting for the work. */
  respondAsync?: boolean;
}

export function operatorRequest<R>(
  route: OperatorRoute,
  call: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; result: z.ZodType<R>; timeoutMs?: number },
): OperatorRequest<R> {
  const path = route.path.replace(/:([a-z_]+)/g, (placeholder, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`No value for ${placeholder} in ${route.path}`);
    return encodeURIComponent(value);
  });
  const query = call.query && Object.keys(call.query).length > 0 ? `?${new URLSearchParams(call.query).toString()}` : '';
  return { method: route.method, path: `${path}${query}`, body: call.body, result: call.result, timeoutMs: call.timeoutMs };
}
