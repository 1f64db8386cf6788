import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RATE_LIMIT_BUCKETS, type RateLimitBucket } from '@radar/contracts';
import { rateLimitWindow, WINDOW_SECONDS } from '../domain/rate-limit-window';

export interface RateLimitDecision {
  bucket: RateLimitBucket;
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds of the next UTC minute boundary, when the window resets. */
  resetAt: number;
  secondsToReset: number;
}

/**
 * Per token, per bucket, per UTC calendar minute, counted in Redis so every gateway replica
 * shares one count. The minute is part of the key; each key expires after its window.
 * While Redis cannot be reached, each replica counts in its own memory instead (the limiter's
 * insurance): limits hold per replica, approximately, and a Redis restart is not an outage.
 */
export class RateLimiter {
  private readonly limiters = new Map<RateLimitBucket, { limiter: RateLimiterRedis; limit: number }>();

  constructor(
    redis: Redis,
    options: { keyPrefix: string; scale?: number },
    private readonly now: () => number = Date.now,
  ) {
    for (const [bucket, perMinute] of Object.entries(RATE_LIMIT_BUCKETS) as [RateLimitBucket, number][]) {
      const limit = Math.max(1, Math.round(perMinute * (options.scale ?? 1)));
      const limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${options.keyPrefix}rl:${bucket}`,
        points: limit,
        duration: WINDOW_SECONDS * 2,
        // Not ready is answered at once from the insurance, instead of waiting on a dead connection.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${options.keyPrefix}rl:${bucket}`, points: limit, duration: WINDOW_SECONDS * 2 }),
      });
      this.limiters.set(bucket, { limiter, limit });
    }
  }

  /** Counts one request, in Redis or, while Redis is away, in this replica's memory. */
  async consume(bucket: RateLimitBucket, tokenId: string): Promise<RateLimitDecision> {
    const entry = this.limiters.get(bucket);
    if (!entry) throw new Error(`Unknown rate-limit bucket ${bucket}`);
    const { minute, resetAt, secondsToReset } = rateLimitWindow(this.now());
    const decide = (result: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
      bucket,
      allowed,
      limit: entry.limit,
      remaining: allowed ? Math.max(0, result.remainingPoints) : 0,
      resetAt,
      secondsToReset,
    });
    try {
      return decide(await entry.limiter.consume(`${tokenId}:${minute}`), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decide(rejection, false);
      throw rejection;
    }
  }
}
