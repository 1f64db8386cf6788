import type { Logger } from 'pino';

/** Runs `stop` once on SIGTERM or SIGINT, then exits; a second signal or a slow stop forces the exit. */
export function onShutdown(logger: Logger, stop: () => Promise<void>, graceMs = 10_000): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), graceMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', handle);
  process.once('SIGINT', handle);
}
