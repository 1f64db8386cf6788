import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { MessagePropertyHeaders } from 'amqplib';

const tracer = trace.getTracer('radar.rabbitmq');

/** AMQP headers carrying the active trace context (W3C traceparent), so one flow is one trace. */
export function traceContextHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/** Runs a queue handler inside a consumer span that continues the publisher's trace. */
export function withDeliverySpan<T>(queue: string, headers: MessagePropertyHeaders | undefined, work: () => Promise<T>): Promise<T> {
  const carrier: Record<string, unknown> = headers ?? {};
  const parent = propagation.extract(ROOT_CONTEXT, carrier, {
    get: (source, key) => {
      const value = source[key];
      return typeof value === 'string' ? value : undefined;
    },
    keys: (source) => Object.keys(source),
  });
  return context.with(parent, () =>
    tracer.startActiveSpan(queue, { kind: SpanKind.CONSUMER }, async (span) => {
      try {
        return await work();
      } finally {
        span.end();
      }
    }),
  );
}
