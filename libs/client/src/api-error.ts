import type { components } from './generated/radar-api';

/** Every error body of the API: `{detail: {code, message, details?}}`. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** An answer that was not a success, as an Error: branch on `code` (messages may change). */
export class RadarApiError extends Error {
  override readonly name = 'RadarApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | undefined,
    /** The X-Request-Id of the failed request, to quote to support. */
    readonly requestId: string | null,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

const isEnvelope = (body: unknown): body is ErrorEnvelope =>
  typeof body === 'object' && body !== null && typeof (body as { detail?: { code?: unknown } }).detail?.code === 'string';

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful call, or a RadarApiError for any other answer:
 * `const credits = await unwrap(client.GET('/credits'))`.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>> | FetchResult<T>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const requestId = response.headers.get('x-request-id');
  if (isEnvelope(error)) throw new RadarApiError(response.status, error.detail.code, error.detail.message, error.detail.details, requestId);
  throw new RadarApiError(response.status, 'HTTP_ERROR', `HTTP ${response.status}`, undefined, requestId);
}
