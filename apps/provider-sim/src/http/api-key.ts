import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@radar/platform/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The provider's own authentication: `X-Api-Key`, compared in constant time. */
export function requireApiKey(apiKey: string) {
  const expected = digest(apiKey);
  return (req: Request, _res: Response, next: NextFunction): void => {
    const given = req.header('x-api-key');
    if (given === undefined) {
      next(new AppError('MISSING_AUTH_HEADER', 'X-Api-Key header missing'));
      return;
    }
    if (!timingSafeEqual(expected, digest(given))) {
      next(new AppError('INVALID_TOKEN', 'X-Api-Key is not a valid key'));
      return;
    }
    next();
  };
}
