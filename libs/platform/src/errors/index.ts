import type { ErrorCode } from '@radar/contracts';

/**
 * The one domain error of the system. Use cases throw it; only the HTTP layer turns the code
 * into a status (via ERROR_STATUS), and the RPC layer carries it across NATS unchanged.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
