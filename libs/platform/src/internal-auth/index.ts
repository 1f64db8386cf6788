import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { callerSchema, INTERNAL_HEADERS, type Caller } from '@radar/contracts';
import { AppError } from '../errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The authenticated caller, set only from a gateway-signed identity. */
    caller: Caller;
  }
}

/** How long a signed identity stays acceptable: long enough for a slow hop, short enough to be useless if leaked. */
const MAX_AGE_MS = 5 * 60_000;

function sign(encoded: string, secret: string): string {
  return createHmac('sha256', secret).update(encoded).digest('base64url');
}

/** The headers the gateway attaches to a forwarded request. */
export function signCaller(caller: Caller, secret: string, now = Date.now()): Record<string, string> {
  const encoded = Buffer.from(JSON.stringify({ ...caller, iat: now })).toString('base64url');
  return { [INTERNAL_HEADERS.caller]: encoded, [INTERNAL_HEADERS.signature]: sign(encoded, secret) };
}

export function verifyCaller(
  encoded: string | undefined,
  signature: string | undefined,
  secret: string,
  now = Date.now(),
): Caller | undefined {
  if (!encoded || !signature) return undefined;
  const expected = Buffer.from(sign(encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { iat?: unknown };
    if (typeof decoded.iat !== 'number' || Math.abs(now - decoded.iat) > MAX_AGE_MS) return undefined;
    const parsed = callerSchema.safeParse(decoded);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Services trust only identities signed by the gateway. A request without one did not come
 * through the gateway and is refused as unauthenticated.
 */
export function requireCaller(secret: string) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const caller = verifyCaller(
      req.header(INTERNAL_HEADERS.caller),
      req.header(INTERNAL_HEADERS.signature),
      secret,
    );
    if (!caller) {
      next(new AppError('INVALID_TOKEN', 'Request did not carry a valid gateway identity'));
      return;
    }
    req.caller = caller;
    next();
  };
}
export { requireOperatorSecret } from './operator-secret';
