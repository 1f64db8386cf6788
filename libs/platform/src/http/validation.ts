import type { z } from 'zod';
import { namedByPath } from '@radar/contracts';
import { AppError } from '../errors';

export type InputSource = 'body' | 'query' | 'path';

interface FieldProblem {
  field: string;
  message: string;
}

function describeIssues(issues: z.core.$ZodIssue[]): FieldProblem[] {
  return issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: 'unknown field' }));
    }
    return [{ field: base, message: issue.message }];
  });
}

function validationError(issues: z.core.$ZodIssue[], source: InputSource): AppError {
  const problems = describeIssues(issues);
  const message = problems
    .map((p) => (p.field ? `${source} field "${p.field}": ${p.message}` : `${source}: ${p.message}`))
    .join('; ');
  return new AppError('VALIDATION_ERROR', message, { errors: problems });
}

/**
 * Parses request input with a zod schema, turning failures into one 422 whose message names
 * every bad field (unknown fields included) and whose details list them.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, source: InputSource): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error.issues, source);
}

/**
 * Parses a request's path parameters with the contract's path schema (libs/contracts path-fields):
 * a parameter that cannot name anything (an id that is not an id) is 404 NOT_FOUND, as an id of
 * another workspace is; any other failure (NUL in a domain) is 422 naming the parameter.
 */
export function parsePath<S extends z.ZodType>(schema: S, params: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const what = namedByPath(issue);
    if (what !== undefined) throw new AppError('NOT_FOUND', `No ${what} with id ${String(params[String(issue.path[0])])}`);
  }
  throw validationError(parsed.error.issues, 'path');
}
