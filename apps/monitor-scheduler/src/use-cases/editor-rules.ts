import type { Caller } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';

/**
 * Monitor changes need a read_write token whose holder is an owner or admin (interface.md). The
 * gateway checks both before forwarding; the service holds the rule too, so a caller that
 * reached it another way gets the same answer.
 */
export function requireEditor(caller: Caller): void {
  if (caller.scope !== 'read_write') throw new AppError('INSUFFICIENT_SCOPE', 'Changing monitors needs a read_write token');
  if (caller.role !== 'owner' && caller.role !== 'admin') {
    throw new AppError('WORKSPACE_EDIT_FORBIDDEN', 'Only workspace owners and admins may change monitors');
  }
}

export const monitorNotFound = (monitorId: string): AppError => new AppError('NOT_FOUND', `No monitor with id ${monitorId}`);

/** A 422 naming one body field, shaped like the schema failures of parseInput. */
export const invalidField = (field: string, message: string): AppError =>
  new AppError('VALIDATION_ERROR', `body field "${field}": ${message}`, { errors: [{ field, message }] });
