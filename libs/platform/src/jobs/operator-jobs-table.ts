/**
 * The table every service that runs operator jobs adds to its own schema, from the canonical
 * model and migration in ./schema (schema/operator-job.prisma, schema/migrations).
 */
export const OPERATOR_JOBS_TABLE = 'operator_jobs';
