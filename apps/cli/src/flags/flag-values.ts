import type { z } from 'zod';
import { usageError } from '../cli-error';

/** Option values as commander hands them over, keyed by camelCase attribute name. */
export type FlagValues = Record<string, string | boolean | undefined>;

const INTEGER = /^[+-]?\d+$/;

/** A string flag's value, or undefined when it was not given. */
export function stringFlag(flags: FlagValues, attribute: string): string | undefined {
  const value = flags[attribute];
  return typeof value === 'string' ? value : undefined;
}

/** A boolean switch: true when given, undefined (not false) when absent, so bodies omit it. */
export function switchFlag(flags: FlagValues, attribute: string): true | undefined {
  return flags[attribute] === true ? true : undefined;
}

/**
 * A whole number, strictly: `abc`, `1.5`, `1e3`, `0x10` and blanks are refused instead of being
 * coerced, so a typo never turns into a different amount of credits.
 */
export function integerFlag(flags: FlagValues, attribute: string, flag: string): number | undefined {
  const raw = stringFlag(flags, attribute);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!INTEGER.test(raw) || !Number.isSafeInteger(value)) {
    throw usageError(`${flag} must be a whole number, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** `expires_in_days` -> `--expires-in-days`; a verb passes overrides where the flag is named differently. */
const flagForField = (field: string, overrides: Record<string, string>): string =>
  overrides[field] ?? `--${field.replace(/_/g, '-')}`;

/**
 * Validates what the flags became with the same zod schema the server applies, so a bad value
 * is a USAGE_ERROR naming the flag before any request is sent.
 */
export function validateFlags<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  flagOf: Record<string, string> = {},
): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
    if (field === undefined) return issue.message;
    const given = input[field];
    const shown = typeof given === 'string' || typeof given === 'number' ? ` (got ${JSON.stringify(given)})` : '';
    return `${flagForField(field, flagOf)}: ${issue.message}${shown}`;
  });
  throw usageError(problems.join('; '));
}
