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

/**
 * The days a request may name: PostgreSQL's `date` has no year 0 (a year before 0001 is BC there)
 * and `YYYY-MM-DD` ends at 9999, so a day is 0001-01-01 to 9999-12-31 (docs/api.md).
 */
export const CALENDAR_DAY_RANGE = { first: '0001-01-01', last: '9999-12-31' } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isRealDay = (value: string): boolean => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/**
 * A real calendar day written `YYYY-MM-DD` within CALENDAR_DAY_RANGE: 2026-02-30 is refused, not
 * rolled over, and 0000-01-01 is 422 naming the field rather than an error of the database.
 * The one day type of every request, query, flag and message that names a day.
 */
export const calendarDay = () =>
  z
    .string()
    .regex(DAY, 'must be a day written YYYY-MM-DD')
    .refine(isRealDay, 'must be a real calendar day')
    .refine(
      (value) => value >= CALENDAR_DAY_RANGE.first && value <= CALENDAR_DAY_RANGE.last,
      `must be a day from ${CALENDAR_DAY_RANGE.first} to ${CALENDAR_DAY_RANGE.last}`,
    );

/**
 * An instant written in ISO 8601 with its offset, on or after 0001-01-01 in UTC: PostgreSQL's
 * timestamps have no year 0 either (`0000-12-31T23:00:00Z` or `0001-01-01T00:30:00+01:00` is 422).
 */
export const isoInstant = () =>
  z.iso
    .datetime({ offset: true })
    .refine((value) => {
      const instant = new Date(value);
      // Text that is no instant at all is the format check's to name.
      return Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 10) >= CALENDAR_DAY_RANGE.first;
    }, `must be on or after ${CALENDAR_DAY_RANGE.first}T00:00:00Z`);

/**
 * The body of an endpoint that takes none (`POST /exports/{id}/download`, a DELETE): nothing, or
 * an empty object; any field is unknown, 422 naming it (decisions.md).
 */
export const emptyBodySchema = z.strictObject({});
