import path from 'node:path';
import { OutboxRelay } from '@radar/platform/outbox';
import { defineService, runService } from '@radar/platform/service';
import { SingleRunner } from '@radar/platform/single-runner';
import { ProviderClient } from './clients/provider-client';
import { signalIngestConfig } from './config';
import { consumeCheckRequests } from './events/check.consumers';
import { consumeDeliveryOutcomes } from './events/delivery.consumers';
import { startLeadsSchedule, type LeadsSchedule } from './events/leads-schedule';
import { consumeMonitorDomains } from './events/monitor-domain.consumers';
import { signalIngestRoutes } from './http/signal-ingest.routes';
import { CheckRecorder } from './use-cases/check-recorder';
import type { SignalIngestDeps } from './use-cases/deps';
import { refreshLeads } from './use-cases/refresh-leads';

const OUTBOX_RELAYS_PER_REPLICA = 2;

/** The leads job's lock name: every replica derives the same advisory-lock key from it. Do not rename while replicas of two versions run. */
export const LEADS_JOB_NAME = 'signal-ingest.leads';

/**
 * signal-ingest: answers the checks of monitor runs (asks the provider, records what is new to
 * each monitor, hands it to delivery), records the delivery outcomes, keeps the leads feed of
 * the followed companies, and serves the signals and leads read APIs.
 */
export const signalIngestService = defineService({
  name: 'signal-ingest',
  config: signalIngestConfig,
  database: {
    migrationsDir: path.join(__dirname, '../prisma/migrations'),
    // The relays (each a listening connection and a round's transaction), the check batches and lookups, and the read APIs at once.
    pool: () => ({ max: 16 }),
  },
  streams: ['SIGNALS'],
  async wire({ config, logger, pool, bus, now }) {
    const provider = new ProviderClient({
      baseUrl: config.PROVIDER_URL,
      apiKey: config.PROVIDER_API_KEY,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
      maxAttempts: config.PROVIDER_MAX_ATTEMPTS,
      retry: { baseMs: config.PROVIDER_RETRY_BASE_MS, maxMs: config.PROVIDER_RETRY_MAX_MS },
      logger,
      now,
    });
    const deps: SignalIngestDeps = {
      pool,
      provider,
      checks: new CheckRecorder({ pool, logger, now }),
      leadsFeed: { pageSize: config.LEADS_FEED_PAGE_SIZE, overlapDays: config.LEADS_FEED_OVERLAP_DAYS },
      logger,
      now,
    };
    // A run's checks write events faster than one relay's rounds (claim, publish, mark, commit,
    // one after another) publish them; two relays in the replica work side by side as two replicas
    // would (rows claimed with SKIP LOCKED, order within a key kept).
    const relays = Array.from({ length: OUTBOX_RELAYS_PER_REPLICA }, () => new OutboxRelay({ pool, bus, logger }));
    const runner = new SingleRunner({ pool, logger });
    let leads: LeadsSchedule | undefined;
    return {
      deps: {
        ...deps,
        /** Runs the leads upkeep now (tests); undefined when the feed is off. */
        refreshLeads: () => leads?.runNow() ?? Promise.resolve(),
      },
      http: [{ routes: signalIngestRoutes(deps, config.INTERNAL_SIGNING_SECRET) }],
      async start() {
        for (const relay of relays) relay.start();
        await consumeCheckRequests(bus, deps, config);
        await consumeDeliveryOutcomes(bus, deps);
        await consumeMonitorDomains(bus, deps);
        if (config.LEADS_FEED_ENABLED) {
          leads = startLeadsSchedule({
            everyMs: config.LEADS_REFRESH_INTERVAL_MS,
            runExclusive: (work) => runner.runExclusive(LEADS_JOB_NAME, work),
            refresh: (options, signal) => refreshLeads(deps, options, signal),
            logger,
          });
        }
      },
      async stop() {
        await leads?.stop();
        await Promise.all(relays.map((relay) => relay.stop()));
      },
    };
  },
});

export const run = () => runService(signalIngestService);
