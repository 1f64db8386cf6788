/**
 * Exit codes of `radar`: 0 success, 1 the call failed, 2 the call was never made (bad flags or
 * set-up), 130 Ctrl-C stopped radar (a job it followed goes on).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/**
 * A failure the CLI reports as `{"error": {"code", "message"}}` on stderr. Codes are the API's own
 * when the operator interface answered, else one of the CLI's: USAGE_ERROR, CONFIG_ERROR,
 * SERVICE_UNAVAILABLE, UNEXPECTED_RESPONSE, INTERNAL_ERROR, INTERRUPTED, STACK_UNHEALTHY, FILE_UNREADABLE.
 */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string): CliError => new CliError('USAGE_ERROR', message, EXIT.usage);
