import type { Logger } from 'pino';
import type { DigestMailer } from '../clients/digest-mailer';
import type { OutboundClient } from '../clients/outbound-client';
import type { DeliveryBatches } from './delivery-batches';
import type { RegistryDeps } from './deps';

/** What sending needs besides the registry. */
export interface DeliveryDeps extends RegistryDeps {
  /** The deliveries' statements shared by many handlers at once. */
  batches: DeliveryBatches;
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
