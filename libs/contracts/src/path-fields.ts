import { z } from 'zod';

/**
 * Path parameters. A path parameter that cannot name anything (an id that is not an id) is 404
 * NOT_FOUND like an id of another workspace (decisions.md), so its schema marks the failure with
 * what it would have named; the HTTP layer (`parsePath` of the platform) answers that with 404
 * and every other failure, a NUL in a domain say, with 422 naming the parameter.
 */
const NAMES_NOTHING = 'namesNothing';

/** A path parameter that names a `what` when `names` holds, and nothing (404) otherwise; NUL never names anything. */
export const pathName = (what: string, names: (value: string) => boolean) =>
  z.string().refine((value) => !value.includes('\u0000') && names(value), { message: `names no ${what}`, params: { [NAMES_NOTHING]: what } });

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in any case, as every path id is. */
export const isId = (value: string): boolean => ID.test(value);

/** A path id: a UUID in any case, read in lower case; anything else names no `what` (404). */
export const pathId = (what: string) => pathName(what, isId).transform((id) => id.toLowerCase());

/** What a failed path parameter would have named, when the failure means it names nothing (404). */
export function namedByPath(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const what: unknown = issue.params?.[NAMES_NOTHING];
  return typeof what === 'string' ? what : undefined;
}
