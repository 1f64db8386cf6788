import type { NextFunction, Request, Response } from 'express';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@radar/contracts';
import { isAppError } from '../errors';
import { isDependencyFailure } from './dependency-failure';

/**
 * Sends the error envelope. Every 5xx carries the request id (spec/decisions.md) whoever
 * raised it: a use case, the bus, a readiness check or a route calling this directly.
 */
export function sendError(res: Response, code: ErrorCode, message: string, details?: Record<string, unknown>): void {
  const status = ERROR_STATUS[code];
  const requestId = (res.req as Request | undefined)?.requestId;
  const withRequestId = status >= 500 && requestId ? { ...details, request_id: requestId } : details;
  const body: ErrorEnvelope = { detail: withRequestId ? { code, message, details: withRequestId } : { code, message } };
  res.status(status).json(body);
}

interface BodyParserError {
  type?: string;
  status?: number;
  message?: string;
}

function bodyParserProblem(error: unknown): BodyParserError | undefined {
  const candidate = error as BodyParserError | null;
  return candidate && typeof candidate.type === 'string' && typeof candidate.status === 'number' ? candidate : undefined;
}

/** Maps every error to the envelope of interface.md: no stack traces, no bare 500 pages. */
export function errorHandler() {
  // Express recognises error middleware by its four parameters.
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) {
      req.log?.error({ err: error }, 'error after response started');
      res.destroy();
      return;
    }
    if (isAppError(error)) {
      sendError(res, error.code, error.message, error.details);
      return;
    }
    const parserProblem = bodyParserProblem(error);
    if (parserProblem?.type === 'entity.parse.failed') {
      sendError(res, 'VALIDATION_ERROR', `Malformed JSON body: ${parserProblem.message ?? 'cannot parse'}`);
      return;
    }
    if (parserProblem?.type === 'entity.too.large') {
      sendError(res, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
      return;
    }
    if (parserProblem && (parserProblem.status ?? 500) < 500) {
      sendError(res, 'VALIDATION_ERROR', `Unreadable request body: ${parserProblem.message ?? parserProblem.type}`);
      return;
    }
    if (isDependencyFailure(error)) {
      req.log?.warn({ err: error }, 'dependency unavailable');
      sendError(res, 'SERVICE_UNAVAILABLE', 'A dependency of this service is unavailable; retry with backoff');
      return;
    }
    req.log?.error({ err: error }, 'unhandled error');
    sendError(res, 'INTERNAL_ERROR', 'Internal error');
  };
}
