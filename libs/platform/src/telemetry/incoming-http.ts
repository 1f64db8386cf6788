import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { inUnsampledTrace } from './active-trace';

const tracer = trace.getTracer('radar.http-server');

/** Polled constantly by probes and scrapers: a trace each would drown the rest. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

let serverSpansOn = false;

/** Called by startTelemetry and stopTelemetry: without tracing the middleware only passes requests on. */
export function setServerSpans(on: boolean): void {
  serverSpansOn = on;
}

/**
 * One SERVER span per request, continuing the caller's trace from its `traceparent` (no span when
 * it says not sampled), with the rest of the request (handlers, queries, calls, logs) run in it;
 * named by method and route once the answer is sent (a response emits `close` after `finish`, and
 * also when the client went away). This replaces Node's generic HTTP instrumentation for incoming
 * requests, which cost about a sixth of the gateway's throughput even with no trace sampled
 * (docs/performance.md, "Tracing").
 */
export function serverSpans() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!serverSpansOn || UNTRACED_PATHS.has(req.path)) {
      next();
      return;
    }
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const caller = trace.getSpan(parent);
    if (caller && inUnsampledTrace(caller)) {
      // The caller's head sampling said no (every internal hop of an unsampled request). Under
      // parent-based sampling this request would record nothing, so no span of its own is started:
      // the caller's context goes on as it is, to the handlers and the services called, still
      // marked not sampled. Starting that span cost about 2 µs per hop.
      context.with(parent, next);
      return;
    }
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path, 'url.scheme': 'http' } },
      parent,
    );
    // An unsampled span records nothing: only its context goes on, to the handlers and the services called.
    if (span.isRecording()) {
      res.once('close', () => {
        const route = req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : undefined;
        if (route) {
          span.setAttribute('http.route', route);
          span.updateName(`${req.method} ${route}`);
        }
        span.setAttribute('http.response.status_code', res.statusCode);
        if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away before the answer was sent' });
        else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    }
    // The request's emitters are not bound to the context (see inActiveContext): listeners that
    // continue the request's work take the context along themselves (jsonBodies, requestContext).
    context.with(trace.setSpan(parent, span), next);
  };
}
