import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@radar/platform/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator interface is for the `radar` CLI only: a shared secret from the environment, compared in constant time. */
export function requireOperatorSecret(secret: string) {
  const expected = digest(`Bearer ${secret}`);
  return (req: Request, _res: Response, next: NextFunction): void => {
    const presented = req.headers.authorization ?? '';
    if (!timingSafeEqual(expected, digest(presented))) {
      next(new AppError('OPERATOR_UNAUTHORIZED', 'Operator secret missing or wrong'));
      return;
    }
    next();
  };
}
