import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';

const tracer = trace.getTracer('radar.http-server');

/** Polled constantly by probes and scrapers: a trace each would drown the rest. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

let serverSpansOn = false;

/** Called by startTelemetry and stopTelemetry: without tracing the middleware only passes requests on. */
export function setServerSpans(on: boolean): void {
  serverSpansOn = on;
}

/**
 * One SERVER span per request, continuing the caller's trace from its `traceparent`, with the
 * rest of the request (handlers, queries, calls, logs) run in it; named by method and route once
 * the route is known. This replaces Node's generic HTTP instrumentation for incoming requests,
 * which cost about a sixth of the gateway's throughput even with no trace sampled
 * (docs/performance.md, "Tracing").
 */
export function serverSpans() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!serverSpansOn || UNTRACED_PATHS.has(req.path)) {
      next();
      return;
    }
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path, 'url.scheme': 'http' } },
      parent,
    );
    const active = trace.setSpan(parent, span);
    let ended = false;
    const end = (aborted: boolean) => {
      if (ended) return;
      ended = true;
      const route = req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : undefined;
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${req.method} ${route}`);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (aborted) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away before the answer was sent' });
      else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('finish', () => end(false));
    res.once('close', () => end(!res.writableFinished));
    // Listeners added later (the request log line, streaming pipes) run in the request's trace too.
    context.bind(active, req);
    context.bind(active, res);
    context.with(active, next);
  };
}
