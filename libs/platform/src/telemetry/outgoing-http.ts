import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { inUnsampledTrace } from './active-trace';

const tracer = trace.getTracer('radar.http-client');

/**
 * A CLIENT span around an HTTP request that Node's http module does not carry (undici, fetch),
 * with the trace context for the request's headers: the callee's server span continues the
 * caller's trace. `send` gets the headers to add; `statusOf` reads the answer's status. In an
 * unsampled trace there is no span: the headers still carry the context, marked not sampled.
 */
export function withClientSpan<T>(
  method: string,
  url: string,
  send: (traceHeaders: Record<string, string>) => Promise<T>,
  statusOf: (answer: T) => number,
): Promise<T> {
  const active = trace.getActiveSpan();
  if (active && inUnsampledTrace(active)) return sendWithTraceHeaders(send);
  const target = new URL(url);
  return tracer.startActiveSpan(
    method,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': method, 'url.full': `${target.origin}${target.pathname}`, 'server.address': target.hostname, 'server.port': Number(target.port) || undefined },
    },
    async (span) => {
      const traceHeaders: Record<string, string> = {};
      propagation.inject(context.active(), traceHeaders);
      try {
        const answer = await send(traceHeaders);
        const status = statusOf(answer);
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        return answer;
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

function sendWithTraceHeaders<T>(send: (traceHeaders: Record<string, string>) => Promise<T>): Promise<T> {
  const traceHeaders: Record<string, string> = {};
  propagation.inject(context.active(), traceHeaders);
  try {
    return send(traceHeaders);
  } catch (error) {
    return Promise.reject(error);
  }
}
