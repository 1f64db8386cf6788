import type { NextFunction, Request, Response } from 'express';
import { sendError } from '@radar/platform/http';
import { UpstreamUnavailable } from '../clients/upstream';

/**
 * The one answer for a service the gateway cannot use: 503 SERVICE_UNAVAILABLE in the envelope,
 * with the request id to quote. A service not deployed here is "not available yet"; one that
 * could not be reached or did not answer in time is logged (never shown) and to be retried.
 * Every other error goes on to the platform's error handler.
 */
export function answerUpstreamUnavailable() {
  // Express recognises error middleware by its four parameters.
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (!(error instanceof UpstreamUnavailable) || res.headersSent) {
      next(error);
      return;
    }
    if (error.failure !== undefined) req.log.warn({ err: error.failure, upstream: error.upstream }, 'upstream request failed');
    const message =
      error.failure === undefined ? `The ${error.upstream} service is not available yet` : `The ${error.upstream} service is unavailable; retry with backoff`;
    sendError(res, 'SERVICE_UNAVAILABLE', message, { request_id: req.requestId });
  };
}
