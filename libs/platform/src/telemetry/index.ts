import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { setServerSpans } from './incoming-http';
import { OffThreadOtlpExporter } from './off-thread-exporter';
import { tracePostgresQueries } from './postgres-spans';

export { tracePostgresQueries } from './postgres-spans';
export { inTraceOf } from './record-trace';
export { withClientSpan } from './outgoing-http';
export { currentTraceCarrier, withCarriedTrace } from './carried-context';
export { serverSpans } from './incoming-http';
export { OffThreadOtlpExporter } from './off-thread-exporter';

export interface TelemetryOptions {
  /**
   * CLIENT spans (and the `traceparent` header) for requests made with Node's http module: for
   * the services that call out through it (export's S3 client, webhook-dispatch's deliveries).
   * The others go without the http instrumentation: it would trace nothing of theirs.
   */
  nodeHttpClientSpans?: boolean;
}

let sdk: NodeSDK | undefined;
let untracePostgres: (() => void) | undefined;

/**
 * Starts tracing when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, with the SDK's
 * other OTEL_EXPORTER_OTLP_* settings; the spans are sent from a worker thread, see
 * OffThreadOtlpExporter);
 * without one the service runs untraced rather than exporting nowhere. Spans: a SERVER span per
 * incoming request (`serverSpans`, the service app's first middleware), outgoing requests of
 * Node's http module made inside a trace (with `nodeHttpClientSpans`), calls through `withClientSpan` (undici),
 * every PostgreSQL statement inside a trace, and the platform's own NATS,
 * RabbitMQ, outbox and client spans, which carry the context in message headers and outbox rows.
 * Only traces go out by OTLP: metrics are scraped from /metrics and logs go to stdout.
 * Call before anything else is imported that should be instrumented.
 */
export function startTelemetry(serviceName: string, options: TelemetryOptions = {}, env: NodeJS.ProcessEnv = process.env): boolean {
  if (sdk || !env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === 'true') return false;
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  sdk = new NodeSDK({
    serviceName,
    traceExporter: new OffThreadOtlpExporter(env),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: options.nodeHttpClientSpans
      ? [new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true })]
      : [],
  });
  sdk.start();
  setServerSpans(true);
  untracePostgres = tracePostgresQueries();
  return true;
}

/** Sends what is still buffered and stops tracing (at shutdown). */
export async function stopTelemetry(): Promise<void> {
  setServerSpans(false);
  untracePostgres?.();
  untracePostgres = undefined;
  await sdk?.shutdown();
  sdk = undefined;
}
