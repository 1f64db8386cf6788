import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Context } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from 'nats';

const tracer = trace.getTracer('radar.nats');

/** NATS headers carrying the active trace context (W3C traceparent), so one flow is one trace. */
export function headersWithTraceContext(): MsgHdrs {
  const headers = natsHeaders();
  propagation.inject(context.active(), headers, { set: (carrier, key, value) => carrier.set(key, value) });
  return headers;
}

function extract(headers: MsgHdrs | undefined): Context {
  if (!headers) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers, {
    get: (carrier, key) => (carrier.has(key) ? carrier.get(key) : undefined),
    keys: (carrier) => carrier.keys(),
  });
}

/** Runs a message handler inside a consumer span that continues the sender's trace. */
export function withMessageSpan<T>(subject: string, headers: MsgHdrs | undefined, work: () => Promise<T>): Promise<T> {
  return context.with(extract(headers), () =>
    tracer.startActiveSpan(subject, { kind: SpanKind.CONSUMER }, async (span) => {
      try {
        return await work();
      } finally {
        span.end();
      }
    }),
  );
}
