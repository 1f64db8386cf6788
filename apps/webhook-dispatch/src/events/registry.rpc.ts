import { RPCS } from '@radar/contracts';
import type { Bus } from '@radar/platform/nats';
import type { RegistryDeps } from '../use-cases/deps';
import { findSlackConnection, webhookExists } from '../use-cases/registry-lookups';

const QUEUE = 'webhook-dispatch';

/** The registry's NATS request API: other services (monitor-scheduler) ask whether a webhook or team-chat connection exists. */
export function serveRegistryRpc(bus: Bus, deps: Pick<RegistryDeps, 'pool'>): void {
  bus.serve(RPCS.webhooks.webhookExists, (input) => webhookExists(deps, input), { queue: QUEUE });
  bus.serve(RPCS.webhooks.slackConnection, (input) => findSlackConnection(deps, input), { queue: QUEUE });
}
