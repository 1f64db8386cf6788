import { serviceStatusSchema, type ServiceStatus, type Upstream } from '@radar/contracts';
import type { UpstreamClient } from './upstream';

const STATUS_TIMEOUT_MS = 5_000;

/** A service's own `GET /statusz` answer, read with the contract's schema. Throws when it cannot be had. */
export async function readServiceStatus(upstream: UpstreamClient, service: Upstream): Promise<ServiceStatus> {
  const answer = await upstream.call(service, { method: 'GET', path: '/statusz', headers: {}, timeoutMs: STATUS_TIMEOUT_MS });
  return serviceStatusSchema.parse(JSON.parse(answer.body.toString('utf8')));
}
