import { context, ROOT_CONTEXT, trace, TraceFlags, type Link } from '@opentelemetry/api';

const tracer = trace.getTracer('radar.records');

const HEX_UUID = /^[0-9a-f]{32}$/;

/**
 * Runs `work` in a span of the trace whose id is the record's UUID (a monitor run's id, say), so
 * every piece of work on the record joins one trace: across processes, restarts and batches that
 * mix records, with no trace context stored anywhere. Every such span has the same parent (a
 * span id derived from the UUID that no process reports), under which a trace viewer lists them.
 * When the caller works in another trace (a batch of several records), the span links to it.
 */
export function inTraceOf<T>(recordId: string, name: string, work: () => Promise<T>): Promise<T> {
  const hex = recordId.replace(/-/g, '').toLowerCase();
  if (!HEX_UUID.test(hex)) return work();
  const active = trace.getActiveSpan()?.spanContext();
  const links: Link[] = active && active.traceId !== hex ? [{ context: active }] : [];
  const parent =
    active?.traceId === hex
      ? context.active()
      : trace.setSpanContext(ROOT_CONTEXT, { traceId: hex, spanId: hex.slice(16), traceFlags: TraceFlags.SAMPLED, isRemote: true });
  return context.with(parent, () =>
    tracer.startActiveSpan(name, { links, attributes: { 'radar.record_id': recordId } }, async (span) => {
      try {
        return await work();
      } finally {
        span.end();
      }
    }),
  );
}
