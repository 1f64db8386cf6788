import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';

let sdk: NodeSDK | undefined;

/**
 * Starts tracing when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, read by the
 * SDK itself); without one the service runs untraced rather than exporting nowhere.
 * Call before anything else is imported that should be instrumented.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (sdk || !env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === 'true') return false;
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  sdk = new NodeSDK({
    serviceName,
    instrumentations: [new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url === '/healthz' || req.url === '/readyz' })],
  });
  sdk.start();
  return true;
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}
