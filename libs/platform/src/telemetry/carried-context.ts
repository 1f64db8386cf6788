import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';

/** A stored form of the active trace context (W3C traceparent, tracestate), or null outside a trace: for work written down now and done later. */
export function currentTraceCarrier(): Record<string, string> | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : null;
}

/** Runs `work` in the trace context a carrier holds (a root context when it holds none): the later work joins the trace that wrote it down. */
export function withCarriedTrace<T>(carrier: Record<string, string> | null | undefined, work: () => T): T {
  return context.with(propagation.extract(ROOT_CONTEXT, carrier ?? {}), work);
}
