import { parseArgs } from 'node:util';

export interface SearchBenchOptions {
  companies: number;
  seed: number;
  /** The benchmark's own database; kept between runs so a repeated run skips the load. */
  database: string;
  /** Different filter sets per category. */
  queries: number;
  /** Upper bound on the time one pass (cold or warm) of one category may take. */
  passSeconds: number;
  /** Load afresh even when the database holds the same seed and count (after the generator changed). */
  fresh: boolean;
}

const DEFAULTS: SearchBenchOptions = {
  companies: 1_000_000,
  seed: 1,
  database: 'radar_bench_search',
  queries: 30,
  passSeconds: 25,
  fresh: false,
};

function positiveInteger(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${flag} must be a positive integer, got ${value}`);
  return parsed;
}

/** `npm run bench -- search [--companies N] [--seed S] [--database NAME] [--queries Q] [--pass-seconds T] [--fresh]` */
export function parseSearchBenchOptions(args: string[]): SearchBenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      companies: { type: 'string' },
      seed: { type: 'string' },
      database: { type: 'string' },
      queries: { type: 'string' },
      'pass-seconds': { type: 'string' },
      fresh: { type: 'boolean' },
    },
    strict: true,
  });
  const database = values.database ?? DEFAULTS.database;
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`--database must be a plain lower-case identifier, got ${database}`);
  return {
    companies: positiveInteger('companies', values.companies, DEFAULTS.companies),
    seed: values.seed === undefined ? DEFAULTS.seed : Number(values.seed),
    database,
    queries: positiveInteger('queries', values.queries, DEFAULTS.queries),
    passSeconds: positiveInteger('pass-seconds', values['pass-seconds'], DEFAULTS.passSeconds),
    fresh: values.fresh ?? DEFAULTS.fresh,
  };
}
