import { startTelemetry } from '@radar/platform/telemetry';

// Tracing must patch the http module before the server code loads it.
startTelemetry('search');

import('./server')
  .then(({ runSearch }) => runSearch())
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
