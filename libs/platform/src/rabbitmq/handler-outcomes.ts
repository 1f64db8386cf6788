/**
 * What a queue handler throws to steer its message. Any other error retries it on the
 * queue's schedule; returning normally acknowledges it.
 */

/** Retry, but not before `delayMs` (e.g. the receiver's Retry-After); a scheduled wait that is longer still applies. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** Give up now: no further attempt can succeed (e.g. the receiver answered 410 Gone). The message is dead-lettered. */
export class StopRetrying extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StopRetrying';
  }
}
