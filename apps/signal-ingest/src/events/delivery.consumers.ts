import type { Bus } from '@radar/platform/nats';
import type { SignalIngestDeps } from '../use-cases/deps';
import { recordDeliveryOutcome } from '../use-cases/record-delivery-outcome';
import { SIGNAL_INGEST_CONSUMERS } from './consumer-names';

/** Reports handled at once per replica: each is one conditional update, and their order does not matter. */
const DELIVERY_REPORT_CONCURRENCY = 8;

/** webhook-dispatch's `delivery.updated`: the signal's webhook delivery fields. */
export async function consumeDeliveryOutcomes(bus: Bus, deps: SignalIngestDeps): Promise<void> {
  await bus.consume('delivery.updated', { durable: SIGNAL_INGEST_CONSUMERS.deliveryOutcomes, concurrency: DELIVERY_REPORT_CONCURRENCY }, (event) =>
    recordDeliveryOutcome(deps, event),
  );
}
