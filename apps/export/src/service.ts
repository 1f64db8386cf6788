import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Router } from 'express';
import { defineService, runService } from '@radar/platform/service';
import { LedgerClient } from './clients/ledger-client';
import { ObjectStorage } from './clients/object-storage';
import { SearchClient } from './clients/search-client';
import { exportConfig } from './config';
import { ExportWorker } from './events/export-worker';
import { exportRoutes } from './http/export.routes';
import type { ExportDeps } from './use-cases/deps';

/** A job attempt that runs longer than this is abandoned and retried (a store that stopped answering). */
const ATTEMPT_TIMEOUT_MS = 10 * 60_000;

export const exportService = defineService({
  name: 'export',
  config: exportConfig,
  database: {
    migrationsDir: path.join(__dirname, '../prisma/migrations'),
    pool: (config) => ({ max: config.DATABASE_POOL_SIZE }),
  },
  // Export publishes to both; each is created or updated with the contract's settings.
  streams: ['EXPORTS', 'COMPANIES'],
  // Job changes and their events commit together (the outbox); the platform's relay publishes them.
  outbox: true,
  async wire({ config, logger, pool, bus, now }) {
    const storage = new ObjectStorage(
      {
        endpoint: config.S3_ENDPOINT,
        publicEndpoint: config.S3_PUBLIC_ENDPOINT,
        accessKey: config.S3_ACCESS_KEY,
        secretKey: config.S3_SECRET_KEY,
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        partSizeBytes: config.S3_PART_SIZE_BYTES,
      },
      logger,
    );
    const deps: ExportDeps = {
      pool,
      search: new SearchClient(bus),
      ledger: new LedgerClient(bus),
      storage,
      now,
      logger,
    };
    const servesApi = config.EXPORT_ROLE !== 'worker';
    const worker =
      config.EXPORT_ROLE === 'api'
        ? undefined
        : new ExportWorker(
            deps,
            bus,
            {
              workerId: randomUUID(),
              concurrency: config.EXPORT_WORKER_CONCURRENCY,
              scanIntervalMs: config.EXPORT_SCAN_INTERVAL_MS,
              staleChargeMs: config.EXPORT_STALE_CHARGE_MS,
              stopWaitMs: Math.max(0, config.SHUTDOWN_GRACE_MS - 2_000),
              leaseMs: config.EXPORT_LEASE_MS,
              batchSize: config.EXPORT_BATCH_SIZE,
              readAhead: config.EXPORT_READ_AHEAD,
              maxAttempts: config.EXPORT_MAX_ATTEMPTS,
              retryDelaysMs: config.EXPORT_RETRY_DELAYS_MS,
              attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
            },
          );
    logger.info({ role: config.EXPORT_ROLE }, 'export role');
    return {
      deps: { ...deps, worker },
      // A worker-only process still answers /healthz and /readyz on its port, for probes.
      http: [{ routes: servesApi ? exportRoutes(deps, config.INTERNAL_SIGNING_SECRET) : Router() }],
      // Seen by `radar status`; not a readiness check: the API answers without storage, files wait for it.
      status: { infrastructure: { object_storage: () => storage.checkReachable() } },
      async start() {
        storage.ensureBucket().catch((error: unknown) => logger.warn({ err: error }, 'could not create the bucket yet; retried on the first upload'));
        await worker?.start();
      },
      async stop() {
        await worker?.stop();
      },
    };
  },
});

export const run = () => runService(exportService);
