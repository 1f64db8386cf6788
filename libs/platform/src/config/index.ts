import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start-up, into a typed config. Every missing or bad
 * variable is named in one readable error so a misconfigured deployment fails fast.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    return value === undefined ? `${name} is missing: ${issue.message}` : `${name} is invalid: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** Reusable environment field types. */
export const env = {
  url: () => z.url(),
  /** An optional URL where an empty value means unset (handy in .env files and manifests). */
  optionalUrl: () =>
    z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.url().optional()),
  // Digits only: z.coerce alone reads an empty or blank variable as 0, which would bind a random port.
  port: (fallback: number) =>
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number (0-65535)')
      .default(String(fallback))
      .transform(Number)
      .pipe(z.number().int().max(65535, 'must be a port number (0-65535)')),
  secret: () => z.string().min(32, 'must be at least 32 characters'),
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};
