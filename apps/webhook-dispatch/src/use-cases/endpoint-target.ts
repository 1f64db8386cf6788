import { resolveEndpoint, EndpointRefused, HostLookupError, type CheckedEndpoint } from '../domain/endpoints/endpoint-policy';
import type { RegistryDeps } from './deps';

export type EndpointTarget = { ok: true; endpoint: CheckedEndpoint } | { ok: false; error: string };

/**
 * Checks a stored endpoint again at sending time, on the addresses its host resolves to now: the
 * policy may have changed since it was registered, and so may the name's answers. The request
 * then connects only to the addresses checked here.
 */
export async function endpointTarget(deps: Pick<RegistryDeps, 'endpointPolicy' | 'resolveHost'>, url: string): Promise<EndpointTarget> {
  try {
    return { ok: true, endpoint: await resolveEndpoint(url, deps.endpointPolicy, deps.resolveHost) };
  } catch (error) {
    if (error instanceof EndpointRefused) return { ok: false, error: `refused: ${error.message}` };
    if (error instanceof HostLookupError) return { ok: false, error: error.message };
    throw error;
  }
}
