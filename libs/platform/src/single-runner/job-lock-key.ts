import { createHash } from 'node:crypto';

/**
 * The advisory-lock key of a job: the first 8 bytes of SHA-256 of its name, read as PostgreSQL's
 * signed bigint (returned as a decimal string, the form `pg` sends a bigint in). SHA-256 rather
 * than PostgreSQL's `hashtext`, which is internal and only 32 bits: every replica and every
 * version of the code must derive the same key from the same name. The prefix keeps job keys
 * clear of other users of advisory locks (Prisma Migrate's 72707369).
 */
export function jobLockKey(jobName: string): string {
  if (!jobName.trim()) throw new Error('A job name is required');
  return createHash('sha256').update(`radar.single-runner:${jobName}`).digest().readBigInt64BE(0).toString();
}
