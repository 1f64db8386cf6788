import { randomUUID } from 'node:crypto';
import { RPCS } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { workspaceExists } from '../data/identity.repository';
import type { GatewayDeps } from './deps';

/** An operator's purchase or goodwill grant: a positive ledger transaction, reason `grant`. */
export async function grantCredits(
  deps: Pick<GatewayDeps, 'pool' | 'bus'>,
  input: { workspaceId: string; amount: number },
): Promise<{ workspace_id: string; balance: number }> {
  if (!(await workspaceExists(deps.pool, input.workspaceId))) {
    throw new AppError('NOT_FOUND', `No workspace ${input.workspaceId}`);
  }
  const outcome = await deps.bus.request(RPCS.ledger.grant, {
    workspaceId: input.workspaceId,
    amount: input.amount,
    reason: 'grant',
    reference: `grant:operator:${randomUUID()}`,
  });
  if (outcome.status !== 'applied') throw new Error(`Unexpected ledger outcome ${outcome.status} for a grant`);
  return { workspace_id: input.workspaceId, balance: outcome.balance };
}
