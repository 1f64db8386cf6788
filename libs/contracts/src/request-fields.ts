import { z } from 'zod';

/**
 * Every string a request carries (bodies, queries, NATS requests). PostgreSQL can neither store
 * nor compare text holding a NUL character, so NUL is refused here with a 422 naming the field
 * instead of failing in the database (decisions.md). Chain bounds as on `z.string()`.
 */
export const textField = () =>
  z.string().refine((value) => !value.includes('\u0000'), 'must not contain a NUL character (\\u0000)');

const DECIMAL_INTEGER = /^-?\d+$/;

/**
 * An integer query parameter, read strictly: only decimal digits with an optional minus sign.
 * `0x2`, `1e2`, ` 1`, `1.0` and an empty value are refused rather than coerced the way
 * `Number()` would, and the value must be a safe integer within the bounds.
 */
export function queryInteger(bounds: { min?: number; max?: number } = {}) {
  let target = z.number().int();
  if (bounds.min !== undefined) target = target.min(bounds.min);
  if (bounds.max !== undefined) target = target.max(bounds.max);
  return z.string().regex(DECIMAL_INTEGER, 'must be a whole number written in decimal digits').transform(Number).pipe(target);
}
