import { maxAttempts, planRetry, planWait } from './retry-plan';
import { queueTopology } from './topology';

const WEBHOOK_SCHEDULE = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const { delayQueues } = queueTopology('', 'delivery.webhook', { retryDelaysMs: WEBHOOK_SCHEDULE });
const now = 1_000_000;
const noJitter = () => 0;

describe('planRetry', () => {
  it('allows the first attempt and one after each delay of the schedule', () => {
    expect(maxAttempts(WEBHOOK_SCHEDULE)).toBe(8);
  });

  it('declares one delay queue per distinct delay, shortest first', () => {
    expect(delayQueues.map((queue) => queue.delayMs)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
    expect(delayQueues[0]?.queue).toBe('delivery.webhook.delay.5000ms');
  });

  it('waits the scheduled delay of the attempt that failed', () => {
    expect(planRetry(WEBHOOK_SCHEDULE, delayQueues, 0, { failedAttempt: 1, now })).toEqual({ delayQueue: delayQueues[0] });
    expect(planRetry(WEBHOOK_SCHEDULE, delayQueues, 0, { failedAttempt: 7, now })?.delayQueue.delayMs).toBe(36_000_000);
  });

  it('gives up after the last attempt', () => {
    expect(planRetry(WEBHOOK_SCHEDULE, delayQueues, 0, { failedAttempt: 8, now })).toBeUndefined();
  });

  it('takes a requested wait into the smallest delay queue at least as long, with the wait as the message TTL', () => {
    const plan = planRetry(WEBHOOK_SCHEDULE, delayQueues, 0, { failedAttempt: 1, requestedDelayMs: 120_000, now, random: noJitter });
    expect(plan).toEqual({ delayQueue: delayQueues[1], expirationMs: 120_000 });
  });

  it('ignores a requested wait shorter than the scheduled one', () => {
    const plan = planRetry(WEBHOOK_SCHEDULE, delayQueues, 0, { failedAttempt: 3, requestedDelayMs: 1_000, now });
    expect(plan).toEqual({ delayQueue: delayQueues[2] });
  });

  it('parks a wait longer than every delay queue in the longest one, with the time it may run again', () => {
    const day = 86_400_000;
    const plan = planRetry(WEBHOOK_SCHEDULE, delayQueues, 0, { failedAttempt: 1, requestedDelayMs: day, now });
    expect(plan).toEqual({ delayQueue: delayQueues[5], notBefore: now + day });
    // Handed back after 10 h, the remaining 14 h park it once more; the last stretch fits a queue.
    expect(planWait(delayQueues, day - 36_000_000, now)).toEqual({ delayQueue: delayQueues[5], notBefore: now + day - 36_000_000 });
    expect(planWait(delayQueues, 60_000, now)).toEqual({ delayQueue: delayQueues[1], expirationMs: 60_000 });
  });

  it('shortens a scheduled wait by at most the jitter fraction, never lengthens it', () => {
    for (const draw of [0, 0.3, 0.999]) {
      const plan = planRetry(WEBHOOK_SCHEDULE, delayQueues, 0.1, { failedAttempt: 2, now, random: () => draw });
      const wait = plan?.expirationMs ?? plan?.delayQueue.delayMs ?? 0;
      expect(wait).toBeGreaterThanOrEqual(270_000);
      expect(wait).toBeLessThanOrEqual(300_000);
      expect(plan?.delayQueue.delayMs).toBe(300_000);
    }
  });
});
