import { isId, type DeliveryMethod, type JobOpeningFilters, type JobOpeningFiltersBody } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { MonitorSchedulerDeps } from './deps';
import { invalidField } from './editor-rules';

type Deps = Pick<MonitorSchedulerDeps, 'deliveryTargets'>;

export interface Delivery {
  deliveryMethod: DeliveryMethod;
  webhookId: string | null;
}

/**
 * The delivery a create or change ends with. Webhook delivery needs a webhook of the workspace:
 * switching to it (or creating with it) without `webhook_id` in the same request is
 * WEBHOOK_REQUIRED, an id the registry does not know in the workspace is WEBHOOK_NOT_FOUND.
 * Email delivery takes no webhook.
 */
export async function resolveDelivery(
  deps: Deps,
  workspaceId: string,
  current: Delivery | undefined,
  body: { delivery_method?: DeliveryMethod; webhook_id?: string | null },
): Promise<Delivery> {
  const method = body.delivery_method ?? current?.deliveryMethod ?? 'email';
  if (method === 'email') {
    if (typeof body.webhook_id === 'string') throw invalidField('webhook_id', 'must be omitted for email delivery');
    return { deliveryMethod: 'email', webhookId: null };
  }
  const switching = current?.deliveryMethod !== 'webhook';
  const webhookId = body.webhook_id !== undefined ? body.webhook_id : switching ? null : (current?.webhookId ?? null);
  if (!webhookId) throw new AppError('WEBHOOK_REQUIRED', 'Webhook delivery needs webhook_id in the same request');
  if (body.webhook_id !== undefined) {
    const known = isId(webhookId) && (await deps.deliveryTargets.webhookExists(workspaceId, webhookId.toLowerCase()));
    if (!known) throw new AppError('WEBHOOK_NOT_FOUND', `No webhook with id ${webhookId} in this workspace`);
  }
  return { deliveryMethod: 'webhook', webhookId: webhookId.toLowerCase() };
}

export interface TeamChat {
  slackConnectionId: string | null;
  slackChannel: string | null;
}

/** `slack_connection_id`: omitted keeps the connection, null stops posting, an id must be a connection of the workspace. */
export async function resolveTeamChat(deps: Deps, workspaceId: string, given: string | null | undefined): Promise<TeamChat | undefined> {
  if (given === undefined) return undefined;
  if (given === null) return { slackConnectionId: null, slackChannel: null };
  const channel = isId(given) ? await deps.deliveryTargets.slackChannel(workspaceId, given.toLowerCase()) : null;
  if (channel === null) throw invalidField('slack_connection_id', `no team-chat connection with id ${given} in this workspace`);
  return { slackConnectionId: given.toLowerCase(), slackChannel: channel };
}

const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** The filters a body sets: the object replaces the monitor's filters whole, so `{}` clears them. */
export const toJobOpeningFilters = (body: JobOpeningFiltersBody | undefined): JobOpeningFilters => ({
  title_keyword: body?.title_keyword ? body.title_keyword : null,
  seniority: distinct(body?.seniority ?? []),
  categories: distinct(body?.categories ?? []),
});
