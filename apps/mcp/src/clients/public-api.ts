import { createRadarClient, type RadarClient } from '@radar/client';
import { withClientSpan } from '@radar/platform/telemetry';

export interface PublicApiSettings {
  gatewayUrl: string;
  timeoutMs: number;
}

/**
 * fetch with a CLIENT span and the trace context in the request's headers (fetch is undici, which
 * the http instrumentation does not see): a tool call is one trace through this service, the
 * gateway and the service behind it. Bounded in time, so a stuck call ends as a tool error.
 */
function tracedFetch(timeoutMs: number) {
  return (request: Request): Promise<Response> =>
    withClientSpan(
      request.method,
      request.url,
      (traceHeaders) => {
        const headers = new Headers(request.headers);
        for (const [name, value] of Object.entries(traceHeaders)) headers.set(name, value);
        return fetch(new Request(request, { headers, signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) }));
      },
      (response) => response.status,
    );
}

/**
 * The public API's client for one caller, with the caller's own token. No retries: a 429 or a 503
 * is the tool's answer (an agent decides whether to wait), and each tool call is one API call in
 * its rate-limit bucket.
 */
export function publicApiClient(settings: PublicApiSettings, token: string, requestId: string | undefined): RadarClient {
  return createRadarClient({
    baseUrl: settings.gatewayUrl,
    token,
    retry: false,
    fetch: tracedFetch(settings.timeoutMs),
    ...(requestId ? { headers: { 'X-Request-Id': requestId } } : {}),
  });
}
