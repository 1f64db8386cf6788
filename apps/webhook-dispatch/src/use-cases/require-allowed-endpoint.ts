import { WEBHOOK_URL_MAX_LENGTH } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import { checkEndpointUrl, EndpointRefused, HostLookupError } from '../domain/endpoints/endpoint-policy';
import type { RegistryDeps } from './deps';

const refused = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', `body field "${field}": ${message}`, { errors: [{ field, message }] });

/**
 * The endpoint URL as it will be stored (normalised by the URL parser), once the deployment's
 * policy accepts it: 422 naming the field when it does not, 503 when the host could not be
 * looked up just now.
 */
export async function requireAllowedEndpoint(
  deps: Pick<RegistryDeps, 'endpointPolicy' | 'resolveHost'>,
  raw: string,
  field: string,
): Promise<string> {
  let url: URL;
  try {
    url = await checkEndpointUrl(raw, deps.endpointPolicy, deps.resolveHost);
  } catch (error) {
    if (error instanceof EndpointRefused) throw refused(field, error.message);
    if (error instanceof HostLookupError) throw new AppError('SERVICE_UNAVAILABLE', `${error.message}; try again later`);
    throw error;
  }
  if (url.href.length > WEBHOOK_URL_MAX_LENGTH) throw refused(field, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters once normalised`);
  return url.href;
}
