import path from 'node:path';
import { JOB_KINDS } from '@radar/contracts';
import { OutboxRelay } from '@radar/platform/outbox';
import { OperatorJobs } from '@radar/platform/jobs';
import { defineService, runService } from '@radar/platform/service';
import { SingleRunner } from '@radar/platform/single-runner';
import { ledgerOverBus } from './clients/credits-ledger';
import { registryOverBus } from './clients/delivery-targets';
import { savedListsOverBus } from './clients/saved-lists';
import { monitorSchedulerConfig } from './config';
import { parseRunTimeOfDay } from './domain/run-day-clock';
import { consumeCheckCompletions } from './events/check-completed.consumer';
import { startRunSchedule, type RunSchedule } from './events/run-schedule';
import { monitorSchedulerRoutes } from './http/monitor-scheduler.routes';
import type { MonitorSchedulerDeps } from './use-cases/deps';
import { monitorRunsJob } from './use-cases/runs/monitor-runs-job';

/** The job lock's name: every replica derives the same advisory-lock key from it. Do not rename while replicas of two versions run. */
export const RUN_JOB_NAME = 'monitor-scheduler.runs';

const OUTBOX_BATCH = 500;

export const monitorSchedulerService = defineService({
  name: 'monitor-scheduler',
  config: monitorSchedulerConfig,
  database: {
    migrationsDir: path.join(__dirname, '../prisma/migrations'),
    pool: (config) => ({ max: config.DATABASE_POOL_SIZE }),
  },
  streams: ['MONITORS', 'SIGNALS'],
  async wire({ config, logger, pool, bus, now }) {
    // A run asks for thousands of checks at once: larger rounds than the platform's default.
    const relay = new OutboxRelay({ pool, bus, logger }, { batchSize: OUTBOX_BATCH });
    const runner = new SingleRunner({ pool, logger });
    const deps: MonitorSchedulerDeps = {
      pool,
      ledger: ledgerOverBus(bus),
      deliveryTargets: registryOverBus(bus),
      savedLists: savedListsOverBus(bus),
      jobLock: { runExclusive: (work) => runner.runExclusive(RUN_JOB_NAME, work) },
      settings: {
        checkDeadlineMs: config.MONITOR_CHECK_DEADLINE_MS,
        chargeBatch: config.MONITOR_CHARGE_BATCH,
        workspaceConcurrency: config.MONITOR_WORKSPACE_CONCURRENCY,
        runTimeUtc: parseRunTimeOfDay(config.MONITOR_RUN_TIME_UTC),
        runWaitMs: config.MONITOR_RUN_WAIT_MS,
      },
      now,
      logger,
    };
    const jobs = new OperatorJobs({ service: 'monitor-scheduler', db: pool, logger, kinds: { [JOB_KINDS.monitorsRun]: monitorRunsJob(deps) } });
    let schedule: RunSchedule | undefined;
    return {
      deps: { ...deps, jobs },
      http: [{ routes: monitorSchedulerRoutes(deps, { internalSigning: config.INTERNAL_SIGNING_SECRET, operator: config.OPERATOR_SECRET }, jobs) }],
      async start() {
        relay.start();
        await consumeCheckCompletions(bus, deps);
        if (config.MONITOR_SCHEDULE_ENABLED) schedule = startRunSchedule(deps, config.MONITOR_UPKEEP_INTERVAL_MS);
        jobs.begin();
      },
      async stop() {
        await jobs.stop();
        await schedule?.stop();
        await relay.stop();
      },
    };
  },
});

export const run = () => runService(monitorSchedulerService);
