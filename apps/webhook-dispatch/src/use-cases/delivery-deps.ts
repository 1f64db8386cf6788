import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { RunDeliveryRepository } from '../data/run-delivery.repository';
import type { WebhookDeliveryRepository } from '../data/webhook-delivery.repository';
import type { DigestMailer } from '../mail/digest-mailer';
import type { OutboundClient } from '../outbound/outbound-client';
import type { RegistryDeps } from './deps';

/** What sending needs besides the registry. */
export interface DeliveryDeps extends RegistryDeps {
  /** Runs `work` in one database transaction: rows and the jobs and events they announce commit together. */
  transaction: <T>(work: (tx: PoolClient) => Promise<T>) => Promise<T>;
  deliveries: WebhookDeliveryRepository;
  runs: RunDeliveryRepository;
  outbound: Pick<OutboundClient, 'post'>;
  mailer: Pick<DigestMailer, 'send'>;
  /** Tells the relays that jobs or events were just committed (they also poll). */
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
