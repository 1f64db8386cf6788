import type { PoolOptions } from '@radar/platform/database';

/**
 * Session settings of every search connection. JIT compilation pays off for long analytic
 * queries, not here: at a million rows the planner's costs pass jit_above_cost on ordinary
 * facet and count queries, and compiling took 100-150 ms of a 50 ms budget. The larger
 * work_mem keeps a materialised match set and its facet aggregation in memory.
 */
const SESSION_OPTIONS = '-c jit=off -c work_mem=32MB';

/** The search pool's settings: one pool serves the hand-written search and load SQL and, through the Prisma adapter, the repositories. */
export const searchPoolOptions = (options: { max: number; statementTimeoutMs?: number }): PoolOptions => ({
  max: options.max,
  statementTimeoutMs: options.statementTimeoutMs,
  sessionOptions: SESSION_OPTIONS,
});
