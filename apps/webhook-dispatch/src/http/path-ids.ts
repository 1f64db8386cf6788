import { z } from 'zod';
import { AppError } from '@radar/platform/errors';

/** A path id that is not a UUID names nothing: 404, like an id of another workspace. */
export function pathId(value: unknown, what: 'webhook' | 'delivery'): string {
  const id = String(value);
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', `No ${what} with id ${id}`);
  return id.toLowerCase();
}
