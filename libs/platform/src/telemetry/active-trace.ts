import { context, TraceFlags, type Span } from '@opentelemetry/api';

/**
 * Whether a span belongs to a trace nobody records: head sampling said no at the trace's start
 * (the gateway, or whoever sent the `traceparent`). Under the SDK's default parent-based
 * sampling every child of such a span is dropped too, so the work under it makes no spans of its
 * own and only passes the context on, which still tells the next service "not sampled".
 */
export function inUnsampledTrace(span: Span): boolean {
  return !span.isRecording() && (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0;
}

/**
 * `callback`, to be run later in the trace context that is active now. An event emitter calls
 * its listeners in the context of whatever emitted (a socket read, outside any trace), so a
 * listener that continues a request's work (the next middleware once a body is read, the request's
 * log line) is wrapped in this. Wrapping the one callback is cheap; binding the request and response
 * emitters themselves (OpenTelemetry's `context.bind(ctx, emitter)`) patches every listener method
 * of both on every request and was most of what tracing cost (docs/performance.md, "Tracing").
 */
export function inActiveContext<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const active = context.active();
  return (...args: A) => context.with(active, callback, undefined, ...args);
}
