import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { INTERNAL_HEADERS } from '@radar/contracts';
import { inActiveContext } from '../telemetry/active-trace';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the caller's X-Request-Id when it sent a sane one, else a new UUID. */
    requestId: string;
    log: Logger;
  }
}

/** Health probes are polled constantly; logging them would drown the rest. */
const PROBES = new Set(['/healthz', '/readyz']);

const ACCEPTABLE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && ACCEPTABLE_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    req.requestId = requestIdFrom(req.headers[INTERNAL_HEADERS.requestId]);
    req.log = logger.child({ request_id: req.requestId });
    res.setHeader('X-Request-Id', req.requestId);
    if (!PROBES.has(req.path)) {
      const started = process.hrtime.bigint();
      // Run in the request's trace (it ends after a socket write), so the line carries its trace id.
      const logRequest = inActiveContext(() => {
        const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
        req.log.info({ method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, duration_ms: Math.round(durationMs * 10) / 10 }, 'request');
      });
      res.once('finish', logRequest);
    }
    next();
  };
}
