import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Operator routes serve the `radar` CLI only (through the gateway's operator interface): the
 * shared OPERATOR_SECRET, compared in constant time (digests of equal length whatever is sent).
 */
export function requireOperatorSecret(secret: string) {
  const expected = digest(`Bearer ${secret}`);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!timingSafeEqual(expected, digest(req.headers.authorization ?? ''))) {
      next(new AppError('OPERATOR_UNAUTHORIZED', 'Operator secret missing or wrong'));
      return;
    }
    next();
  };
}
