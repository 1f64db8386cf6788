import { startTelemetry, type TelemetryOptions } from '../telemetry';

/**
 * A service's process entry: tracing starts before the service's code is loaded (it patches
 * the http module as it loads), then the service runs until stopped.
 */
export function launchService(name: string, load: () => Promise<{ run(): Promise<void> }>, telemetry: TelemetryOptions = {}): void {
  const stop = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
  try {
    startTelemetry(name, telemetry);
  } catch (error) {
    stop(error);
    return;
  }
  load()
    .then((service) => service.run())
    .catch(stop);
}
