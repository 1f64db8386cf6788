import express, { type NextFunction, type Request, type RequestHandler } from 'express';
import { emptyBodySchema } from '@radar/contracts';
import { AppError } from '../errors';
import { inActiveContext } from '../telemetry/active-trace';
import { parseInput } from './validation';

/** The largest request body a service reads (docs/api.md: above 1 MB is 413). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const JSON_MEDIA_TYPE = 'application/json';

/** What the headers say about the body: none (or zero bytes), some bytes, or chunked with its length unknown. */
function declaredBody(req: Request): 'none' | 'non-empty' | 'unknown-length' {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0 ? 'non-empty' : 'none';
  return req.headers['transfer-encoding'] !== undefined ? 'unknown-length' : 'none';
}

function notJson(req: Request): AppError {
  const given = req.headers['content-type'];
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    given ? `The request body must be application/json, not ${given}` : 'A request body needs Content-Type: application/json',
  );
}

const tooLarge = (limitBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${limitBytes} bytes`);

/**
 * What can be refused from the headers alone, before a byte of the body is read: a non-empty
 * body that is not application/json (415) and a declared length over the limit (413). The
 * gateway applies it to bodies it streams through unread; services apply it before parsing.
 */
export function refuseDeclaredBody(req: Request, limitBytes = JSON_BODY_LIMIT_BYTES): AppError | undefined {
  if (declaredBody(req) === 'non-empty' && !req.is(JSON_MEDIA_TYPE)) return notJson(req);
  if (Number(req.headers['content-length']) > limitBytes) return tooLarge(limitBytes);
  return undefined;
}

interface BodyParserError {
  type?: unknown;
  status?: unknown;
  message?: unknown;
  encoding?: unknown;
}

/**
 * The body parser's failures in the envelope's terms (decisions.md): over the limit is 413;
 * malformed JSON, an unknown charset, an unsupported Content-Encoding and a body that is not
 * really in its declared encoding are all 422. A 5xx of the parser is a fault of ours and stays one.
 */
function asBodyError(error: unknown, req: Request, limitBytes: number): unknown {
  const problem = (error ?? {}) as BodyParserError;
  const message = typeof problem.message === 'string' ? problem.message : 'cannot read it';
  if (typeof problem.status === 'number' && problem.status >= 500) return error;
  if (problem.type === 'entity.too.large') return tooLarge(limitBytes);
  if (problem.type === 'entity.parse.failed') return new AppError('VALIDATION_ERROR', `Malformed JSON body: ${message}`);
  if (problem.type === 'encoding.unsupported') {
    return new AppError('VALIDATION_ERROR', `Unsupported Content-Encoding ${JSON.stringify(problem.encoding)}; send gzip, deflate, br or none`);
  }
  const encoding = req.headers['content-encoding'];
  if (problem.type === undefined && encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    // zlib's errors carry no parser type: the body is not what its Content-Encoding says.
    return new AppError('VALIDATION_ERROR', `The request body is not valid ${encoding} data: ${message}`);
  }
  return new AppError('VALIDATION_ERROR', `Unreadable request body: ${message}`);
}

/**
 * A chunked body of another media type is refused only once a byte of it arrives: an empty
 * body needs no Content-Type (decisions.md), and chunked framing does not say whether it is empty.
 */
function continueIfEmpty(req: Request, next: NextFunction): void {
  const settle = (error?: unknown) => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    next(error);
  };
  const onData = () => settle(notJson(req));
  const onEnd = () => settle();
  const onError = (error: Error) => settle(new AppError('VALIDATION_ERROR', `Unreadable request body: ${error.message}`));
  req.on('data', onData);
  req.once('end', onEnd);
  req.once('error', onError);
}

/** Methods whose endpoints take no body here: what one carries is refused field by field, never ignored. */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

/** A body on a method that takes none: nothing or `{}` passes, any field is 422 naming it (decisions.md). */
function refuseBodyOfBodilessMethod(req: Request): unknown {
  if (!BODILESS_METHODS.has(req.method) || req.body === undefined) return undefined;
  try {
    parseInput(emptyBodySchema, req.body, 'body');
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * JSON request bodies, the rules of decisions.md applied in one place: 415 for a non-empty body
 * of another media type, 413 over the limit, 422 for everything unreadable and for any field in
 * the body of a GET or DELETE (those endpoints take none; a POST that takes none parses
 * `emptyBodySchema` itself). The parsed body is `req.body`; a request without a body leaves it
 * undefined.
 */
export function jsonBodies(limitBytes = JSON_BODY_LIMIT_BYTES): RequestHandler {
  const parse = express.json({ limit: limitBytes });
  return (req, res, next) => {
    const refusal = refuseDeclaredBody(req, limitBytes);
    if (refusal) {
      next(refusal);
      return;
    }
    const parseBody = (error?: unknown) => {
      if (error !== undefined) {
        next(error);
        return;
      }
      parse(req, res, (parseError?: unknown) => next(parseError === undefined ? refuseBodyOfBodilessMethod(req) : asBodyError(parseError, req, limitBytes)));
    };
    // The parser keeps the request's trace context itself; the wait for a first byte is in events of the request stream, so it takes the context along.
    if (declaredBody(req) === 'unknown-length' && !req.is(JSON_MEDIA_TYPE)) continueIfEmpty(req, inActiveContext(parseBody));
    else parseBody();
  };
}
