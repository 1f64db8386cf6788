import { randomUUID } from 'node:crypto';
import { insertWebhook } from '../data/webhook.repository';
import { SEALING_CONTEXT } from '../domain/secrets/sealing-context';
import { generateSigningSecret } from '../domain/signing/signing-secret';
import type { RegistryDeps } from './deps';
import { requireAllowedEndpoint } from './require-allowed-endpoint';

/**
 * Registers a webhook of the workspace with a fresh signing secret. The secret is returned here
 * once, for the operator to hand to the receiver, and stored only sealed.
 */
export async function createWebhook(
  deps: Pick<RegistryDeps, 'pool' | 'keyring' | 'endpointPolicy' | 'resolveHost'>,
  input: { workspaceId: string; url: string },
): Promise<{ webhook_id: string; secret: string }> {
  const url = await requireAllowedEndpoint(deps, input.url, 'url');
  const id = randomUUID();
  const secret = generateSigningSecret();
  await insertWebhook(deps.pool, input.workspaceId, { id, url, secret: deps.keyring.seal(secret, SEALING_CONTEXT.webhookSecret(id)) });
  return { webhook_id: id, secret };
}
