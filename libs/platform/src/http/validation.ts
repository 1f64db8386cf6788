import type { z } from 'zod';
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

/**
 * Parses request input with a zod schema, turning failures into one 422 whose message names
 * every bad field (unknown fields included) and whose details list them.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, source: InputSource): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = describeIssues(parsed.error.issues);
  const message = problems
    .map((p) => (p.field ? `${source} field "${p.field}": ${p.message}` : `${source}: ${p.message}`))
    .join('; ');
  throw new AppError('VALIDATION_ERROR', message, { errors: problems });
}
