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

/**
 * Express 5's router decodes path parameters with decodeURIComponent and passes on the URIError
 * it throws for a path that is not valid percent-encoding (`/companies/%FF`), marked 400. No
 * route has such a path: 404 (decisions.md).
 */
const isUndecodablePath = (error: unknown): boolean => error instanceof URIError && (error as { status?: unknown }).status === 400;

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
    if (isUndecodablePath(error)) {
      sendError(res, 'NOT_FOUND', `No route for ${req.method} ${req.path}: the path is not valid percent-encoding`);
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
