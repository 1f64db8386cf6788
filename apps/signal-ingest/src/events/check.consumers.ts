import type { Bus } from '@radar/platform/nats';
import type { SignalIngestConfig } from '../config';
import type { SignalIngestDeps } from '../use-cases/deps';
import { runCheck } from '../use-cases/run-check';
import { SIGNAL_INGEST_CONSUMERS } from './consumer-names';


/** Room beyond the slowest check (every provider attempt timing out after the longest back-offs) before the broker redelivers. */
const ACK_MARGIN_MS = 30_000;

/** The longest a check can take: every attempt times out and every back-off is the longest. */
export const slowestCheckMs = (config: Pick<SignalIngestConfig, 'PROVIDER_TIMEOUT_MS' | 'PROVIDER_MAX_ATTEMPTS' | 'PROVIDER_RETRY_MAX_MS'>): number =>
  config.PROVIDER_MAX_ATTEMPTS * config.PROVIDER_TIMEOUT_MS + (config.PROVIDER_MAX_ATTEMPTS - 1) * config.PROVIDER_RETRY_MAX_MS;

/**
 * The checks of monitor runs, shared by the replicas. A check is acknowledged once its outcome
 * is recorded and sent; the broker waits longer than the slowest check before it hands the
 * message to another replica, and a check that does come twice is answered from its record.
 */
export async function consumeCheckRequests(bus: Bus, deps: SignalIngestDeps, config: SignalIngestConfig): Promise<void> {
  await bus.consume(
    'signal.check.requested',
    { durable: SIGNAL_INGEST_CONSUMERS.checks, concurrency: config.CHECK_CONCURRENCY, ackWaitMs: slowestCheckMs(config) + ACK_MARGIN_MS },
    (request) => runCheck(deps, request),
  );
}
