import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { EventPayload, JobOpeningFilters, SignalType } from '@radar/contracts';
import { generateCompany } from '@radar/dataset';
import { Bus } from '@radar/platform/nats';
import { eventually, silentLogger, startTestService, testInfrastructure, type TestServiceOptions } from '@radar/platform/testing';
import { signalIngestService } from '../src/service';
import { TEST_PROVIDER_API_KEY } from './provider-sim-process';

export type CheckRequest = EventPayload<'signal.check.requested'>;
export type CheckCompleted = EventPayload<'signal.check.completed'>;
export type SignalDelivered = EventPayload<'signal.delivered'>;

export const NO_FILTERS: JobOpeningFilters = { title_keyword: null, seniority: [], categories: [] };

/** The domain of the company at `index` of `npm start`'s dataset (seed 1, 100,000 companies). */
export const domainAt = (index: number): string => generateCompany(1, index).domain;

/** A check as monitor-scheduler sends it; a fresh check, run and monitor unless the test says otherwise. */
export const aCheck = (domain: string, signalType: SignalType, runDate: string, overrides: Partial<CheckRequest> = {}): CheckRequest => ({
  checkId: randomUUID(),
  runId: randomUUID(),
  runDate,
  workspaceId: randomUUID(),
  monitorId: randomUUID(),
  monitorName: 'Competitors',
  domain,
  signalType,
  deliveryMethod: 'webhook',
  webhookId: randomUUID(),
  slackConnectionId: null,
  jobOpeningFilters: NO_FILTERS,
  ...overrides,
});

/**
 * A running signal-ingest of its own (fresh database, own NATS namespace) pointed at a
 * provider, with a NATS client in its namespace that plays monitor-scheduler (publishes checks,
 * hears completions) and the delivery side (hears delivered signals).
 */
export async function startSignalIngest(providerUrl: string, options: TestServiceOptions = {}) {
  const service = await startTestService(signalIngestService, {
    ...options,
    env: {
      PROVIDER_URL: providerUrl,
      PROVIDER_API_KEY: TEST_PROVIDER_API_KEY,
      PROVIDER_RETRY_BASE_MS: '20',
      PROVIDER_RETRY_MAX_MS: '100',
      // The leads feed reads 8,900 companies from provider-sim at start: only the leads specs want it.
      LEADS_FEED_ENABLED: 'false',
      ...options.env,
    },
  });
  const client = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'signal-ingest-test-client', namespace: service.namespace, logger: silentLogger() });
  const completed: CheckCompleted[] = [];
  const delivered: SignalDelivered[] = [];
  client.listen('signal.check.completed', (event) => completed.push(event));
  client.listen('signal.delivered', (event) => delivered.push(event));
  await client.connection.flush();
  const pool = new Pool({ connectionString: service.databaseUrl, max: 2 });

  return {
    service,
    pool,
    client,
    /** Every completion heard so far, in arrival order. */
    completed,
    delivered,
    /** Publishes a check as the scheduler does; a distinct message id each time, so the broker never drops a repeat. */
    async request(check: CheckRequest): Promise<void> {
      await client.publish('signal.check.requested', check, { msgId: randomUUID() });
    },
    /** The `count`-th completion of a check (1 = its first answer). */
    completionOf(checkId: string, count = 1, timeoutMs = 20_000): Promise<CheckCompleted> {
      return eventually(() => completed.filter((event) => event.checkId === checkId)[count - 1], `completion ${count} of check ${checkId}`, timeoutMs);
    },
    /** The delivered signals of one run, as heard. */
    deliveredFor: (runId: string): SignalDelivered[] => delivered.filter((event) => event.runId === runId),
    /** Runs a check and returns its completion and the signals it handed to delivery. */
    async check(check: CheckRequest) {
      await this.request(check);
      const completion = await this.completionOf(check.checkId);
      // The signals are published before the completion; give any still in flight a moment.
      await eventually(() => this.deliveredFor(check.runId).length >= completion.itemsPushed, `signals of ${check.checkId}`, 5_000);
      return { completion, signals: this.deliveredFor(check.runId).map((event) => event.signal), events: this.deliveredFor(check.runId) };
    },
    async rowCount(table: 'checks' | 'seen_items' | 'signals' | 'outbox_events', where: { column: string; value: string }): Promise<number> {
      const { rows } = await pool.query<{ count: string }>(`SELECT count(*) AS count FROM ${table} WHERE ${where.column} = $1`, [where.value]);
      return Number(rows[0]?.count ?? 0);
    },
    async close() {
      await pool.end();
      await client.close();
      await service.close();
    },
  };
}

export type SignalIngestHarness = Awaited<ReturnType<typeof startSignalIngest>>;
