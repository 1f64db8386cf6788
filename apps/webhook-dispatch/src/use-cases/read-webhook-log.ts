import type { ListWebhookDeliveriesQuery, WebhookDeliveriesPage, WebhookDeliveryDetail, WebhooksList } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { findDelivery, listDeliveries } from '../data/delivery-log.repository';
import { hasWebhook, webhookToSendForOperator, webhooksOfWorkspace } from '../data/webhook.repository';
import type { DeliveryDeps } from './delivery-deps';
import { attemptView, deliveryView } from './webhook-log-views';

type Deps = Pick<DeliveryDeps, 'pool'>;

/** The workspace's webhooks, oldest first, without their secrets. */
export async function listWebhooks(deps: Deps, workspaceId: string): Promise<WebhooksList> {
  const webhooks = await webhooksOfWorkspace(deps.pool, workspaceId);
  return { items: webhooks.map((webhook) => ({ id: webhook.id, url: webhook.url, created_at: webhook.createdAt.toISOString() })), total: webhooks.length };
}

/** 404 for a webhook the workspace does not have (another workspace's included: nothing is revealed). */
export async function requireWebhook(deps: Deps, workspaceId: string, webhookId: string): Promise<void> {
  if (!(await hasWebhook(deps.pool, workspaceId, webhookId))) throw new AppError('NOT_FOUND', `No webhook with id ${webhookId}`);
}

/** The webhook and its workspace, for an operator, who names only the webhook; 404 when there is none. */
export async function workspaceOfWebhook(deps: Deps, webhookId: string): Promise<{ id: string; workspaceId: string }> {
  const webhook = await webhookToSendForOperator(deps.pool, webhookId);
  if (!webhook) throw new AppError('NOT_FOUND', `No webhook with id ${webhookId}`);
  return { id: webhook.id, workspaceId: webhook.workspaceId };
}

/** A page of the webhook's deliveries, newest first. */
export async function listWebhookDeliveries(deps: Deps, workspaceId: string, webhookId: string, query: ListWebhookDeliveriesQuery): Promise<WebhookDeliveriesPage> {
  await requireWebhook(deps, workspaceId, webhookId);
  const { status, since, until, limit, offset } = query;
  const page = await listDeliveries(deps.pool, workspaceId, webhookId, { status, since, until }, { limit, offset });
  return { items: page.items.map(deliveryView), total: page.total, limit, offset };
}

/** One delivery of the webhook with every attempt, oldest first. */
export async function getWebhookDelivery(deps: Deps, workspaceId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  const delivery = await findDelivery(deps.pool, workspaceId, webhookId, deliveryId);
  if (!delivery) throw new AppError('NOT_FOUND', `No delivery with id ${deliveryId} of webhook ${webhookId}`);
  return { ...deliveryView(delivery), attempts: delivery.attemptLog.map(attemptView) };
}
