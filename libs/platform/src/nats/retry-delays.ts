import { backOffDelayMs, type BackOff } from '../retry';

/** A message whose handler threw: 1 s after its first delivery, doubling with each one, at most 30 s. */
const REDELIVERY_BACK_OFF: BackOff = { baseMs: 1_000, maxMs: 30_000 };
/** A pull that failed (the server away): 1 s after the first failure in a row, doubling, at most 10 s. */
const PULL_RETRY_BACK_OFF: BackOff = { baseMs: 1_000, maxMs: 10_000 };

/**
 * How long JetStream holds back a message whose handler threw after its `delivery`-th delivery
 * (1 for the first). Jittered, so the messages that failed together (a database restart) do not
 * all come back in the same instant.
 */
export const redeliveryDelayMs = (delivery: number, random?: () => number): number => backOffDelayMs(delivery, REDELIVERY_BACK_OFF, random);

/** How long a consumer waits before pulling again after `failures` failed pulls in a row; jittered, so replicas that lost the server together do not return together. */
export const pullRetryDelayMs = (failures: number, random?: () => number): number => backOffDelayMs(failures, PULL_RETRY_BACK_OFF, random);
