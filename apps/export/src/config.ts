import { z } from 'zod';
import { env } from '@radar/platform/config';

/** Which parts of the service a process runs: the HTTP API, the file worker, or both (local). */
export const EXPORT_ROLES = ['api', 'worker', 'all'] as const;
export type ExportRole = (typeof EXPORT_ROLES)[number];

const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A comma-separated list of delays, e.g. `5000,30000`: the waits before the second, third... attempt. */
const delayList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const delays = value.split(',').map((part) => Number(part.trim()));
      if (delays.some((delay) => !Number.isInteger(delay) || delay < 0)) {
        ctx.addIssue({ code: 'custom', message: 'must be whole milliseconds separated by commas' });
        return z.NEVER;
      }
      return delays;
    });

/** The export service's own variables; ports, database and NATS come from the platform and the service catalogue. */
export const exportConfig = z.object({
  INTERNAL_SIGNING_SECRET: env.secret(),
  EXPORT_ROLE: z.enum(EXPORT_ROLES).default('all'),
  /** The S3 API the files are written to (MinIO in Kubernetes and compose; a local S3 server under npm start). */
  S3_ENDPOINT: env.url(),
  /** Where download URLs point when clients reach the store at another address than the service does. */
  S3_PUBLIC_ENDPOINT: env.optionalUrl(),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name').default('radar-exports'),
  /** Signing region; set, so that presigning never asks the store for the bucket's location. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Multipart part size: the most of a file the worker holds in memory at once (S3's minimum is 5 MiB). */
  S3_PART_SIZE_BYTES: z.coerce.number().int().min(5 * 1024 * 1024).default(5 * 1024 * 1024),
  /** Company rows per request to search while a file is written. */
  EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(500),
  /** Batches of rows asked of search ahead of the writer: reading and writing overlap. */
  EXPORT_READ_AHEAD: z.coerce.number().int().min(0).max(8).default(2),
  /** Attempts at a job's file before it fails and is refunded. */
  EXPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** Waits before the second, third... attempt (the last value repeats). */
  EXPORT_RETRY_DELAYS_MS: delayList('5000,30000'),
  /** How long a worker's claim on a job lasts without renewal; a killed worker's job is taken up after it. */
  EXPORT_LEASE_MS: milliseconds(30_000),
  /** How often a worker looks for jobs that are due (missed events, expired leases, retries) and stale charges. */
  EXPORT_SCAN_INTERVAL_MS: milliseconds(5_000),
  /** Jobs one worker process writes at the same time. */
  EXPORT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** A charge attempt older than this whose job does not exist is refunded. */
  EXPORT_STALE_CHARGE_MS: milliseconds(120_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
});

export type ExportConfig = z.infer<typeof exportConfig>;
