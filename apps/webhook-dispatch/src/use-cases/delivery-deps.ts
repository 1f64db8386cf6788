import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { DeliveryLogRepository } from '../data/delivery-log.repository';
import type { RunDeliveryRepository } from '../data/run-delivery.repository';
import type { WebhookDeliveryRepository } from '../data/webhook-delivery.repository';
import type { DigestMailer } from '../clients/digest-mailer';
import type { OutboundClient } from '../clients/outbound-client';
import type { DeliveryBatches } from './delivery-batches';
import type { RegistryDeps } from './deps';

/** What sending needs besides the registry. */
export interface DeliveryDeps extends RegistryDeps {
  /** Runs `work` in one database transaction: rows and the jobs and events they announce commit together. */
  transaction: <T>(work: (tx: PoolClient) => Promise<T>) => Promise<T>;
  deliveries: WebhookDeliveryRepository;
  /** The delivery log as the public API reads it, and the redeliveries it queues. */
  deliveryLog: DeliveryLogRepository;
  /** The deliveries' statements shared by many handlers at once. */
  batches: DeliveryBatches;
  runs: RunDeliveryRepository;
  outbound: Pick<OutboundClient, 'post'>;
  mailer: Pick<DigestMailer, 'send'>;
  /** Tells the job relay that jobs were just committed (it also polls; events wake their relay by NOTIFY). */
  relays: { wake(): void };
  settings: DeliverySettings;
  now: () => Date;
  logger: Logger;
}

export interface DeliverySettings {
  webhookTimeoutMs: number;
  /** The queue's retry schedule (waits before the 2nd, 3rd, ... attempt) and its jitter: when the next attempt may go out. */
  retryDelaysMs: readonly number[];
  retryJitter: number;
  /** Replayed attempts per second per webhook, at most. */
  replayRatePerSecond: number;
  /** The domain of owners' digest addresses (`owner.<workspace_id>@<domain>`). */
  digestRecipientDomain: string;
}
