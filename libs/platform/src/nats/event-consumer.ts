import type { Consumer, ConsumerMessages, JsMsg } from 'nats';
import type { Logger } from 'pino';
import { WakeSignal } from '../lifecycle/wake-signal';
import { pullRetryDelayMs } from './retry-delays';

/**
 * How long one pull waits for messages. Stopping does not wait for it (the pull is abandoned);
 * it bounds how soon a pull lost with a dropped connection is replaced.
 */
const PULL_EXPIRES_MS = 10_000;
/** How long free slots wait for others before they are filled anyway. */
const REFILL_WAIT_MS = 20;

export interface EventConsumerOptions {
  /** The durable consumer's name, for the logs. */
  name: string;
  /** Handlers running at once in this process. */
  concurrency: number;
  /** Settles the message (ack, nak or term); must not throw. */
  handle: (message: JsMsg) => Promise<void>;
  logger: Logger;
}

/**
 * Pulls from one durable consumer and runs at most `concurrency` handlers at once. Each pull
 * asks only for as many messages as there are free slots, so no message waits in a local
 * buffer while its ack timer runs (a buffered message would be redelivered elsewhere, twice).
 */
export class EventConsumer {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly signal = new WakeSignal();
  private stopping = false;
  private pull: ConsumerMessages | undefined;
  private readonly loop: Promise<void>;
  /**
   * Free slots worth a pull of their own: half of them. Each pull is a request and a subscription
   * on the server; topping up one slot at a time costs a consumer with many handlers more than its
   * messages do.
   */
  private readonly refillAt: number;

  constructor(
    private readonly consumer: Consumer,
    private readonly options: EventConsumerOptions,
  ) {
    this.refillAt = Math.max(1, Math.floor(options.concurrency / 2));
    this.loop = this.run();
  }

  /** Stops pulling, then waits for the handlers already running to settle their messages. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.pull?.stop();
    this.signal.wake();
    await this.loop;
    await Promise.all(this.inFlight);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      if (this.freeSlots() <= 0) {
        await this.signal.sleep(PULL_EXPIRES_MS);
        continue;
      }
      if (this.freeSlots() < this.refillAt) await this.awaitRefill();
      const free = this.freeSlots();
      if (this.stopping) break;
      try {
        const pull = await this.consumer.fetch({ max_messages: free, expires: PULL_EXPIRES_MS });
        this.pull = pull;
        if (this.stopping) pull.stop();
        for await (const message of pull) {
          // Pulled but not started before the stop: handed back at once to another replica.
          if (this.stopping) message.nak();
          else this.start(message);
        }
        failures = 0;
      } catch (error) {
        if (this.stopping) break;
        failures += 1;
        this.options.logger.warn({ err: error, consumer: this.options.name, failures }, 'pulling events failed; retrying');
        await this.signal.sleep(pullRetryDelayMs(failures));
      } finally {
        this.pull = undefined;
      }
    }
  }

  /** Waits until half the slots are free or a little time has passed since the wait began, whichever is first. */
  private async awaitRefill(): Promise<void> {
    const until = Date.now() + REFILL_WAIT_MS;
    while (!this.stopping && this.freeSlots() < this.refillAt && Date.now() < until) {
      await this.signal.sleep(until - Date.now());
    }
  }

  private freeSlots(): number {
    return this.options.concurrency - this.inFlight.size;
  }

  private start(message: JsMsg): void {
    const running = this.options
      .handle(message)
      .catch((error: unknown) => this.options.logger.error({ err: error, consumer: this.options.name }, 'event handling failed'))
      .finally(() => {
        this.inFlight.delete(running);
        this.signal.wake();
      });
    this.inFlight.add(running);
  }
}
