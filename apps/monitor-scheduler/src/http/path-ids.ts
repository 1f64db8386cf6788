import { normalizeMonitorDomain } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID names nothing: 404, like an id of another workspace. */
export function pathId(value: unknown, what: 'monitor' | 'run'): string {
  const id = String(value);
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', `No ${what} with id ${id}`);
  return id.toLowerCase();
}

/** A domain in a path, normalised like one in a body (`WWW.Example.com` removes example.com). */
export const pathDomain = (value: unknown): string => normalizeMonitorDomain(String(value));
