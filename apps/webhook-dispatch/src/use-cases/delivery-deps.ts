import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { RunDeliveryRepository } from '../data/run-delivery.repository';
import type { WebhookDeliveryRepository } from '../data/webhook-delivery.repository';
import type { DigestMailer } from '../mail/digest-mailer';
import type { OutboundClient } from '../outbound/outbound-client';
import type { DeliveryBatches } from './delivery-batches';
import type { RegistryDeps } from './deps';

/** What sending needs besides the registry. */
export interface DeliveryDeps extends RegistryDeps {
  /** Runs `work` in one database transaction: rows and the jobs and events they announce commit together. */
  transaction: <T>(work: (tx: PoolClient) => Promise<T>) => Promise<T>;
  deliveries: WebhookDeliveryRepository;
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
  /** The domain of owners' digest addresses (`owner.<workspace_id>@<domain>`). */
  digestRecipientDomain: string;
}
