import { AsyncResource } from 'node:async_hooks';

export interface BatcherOptions<Item, Result> {
  /** A batch is flushed as soon as it holds this many items... */
  maxItems: number;
  /** ...or this long after its first item arrived, whichever comes first. */
  maxWaitMs: number;
  /** Batches flushed at once; items that arrive meanwhile gather into the next batch. */
  concurrency?: number;
  /**
   * Does the work of a whole batch, all or nothing (one transaction), and answers one result per
   * item, in the items' order. When it fails for a batch of several, each item is flushed again
   * alone, so one item that cannot be written fails only its own caller.
   */
  flush: (items: readonly Item[]) => Promise<readonly Result[]>;
}

interface Waiting<Item, Result> {
  item: Item;
  /** When it was added (ms since epoch). */
  at: number;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: concurrent callers hand in one item each and wait; the batcher writes the items
 * of many callers together and settles each caller when the batch that holds its item has been
 * done. A caller that acknowledges its message after `add` resolves therefore acknowledges it
 * after its item is committed, exactly as if it had written it alone.
 *
 * Flushes run in the async context the batcher was created in, not in one caller's (a batch
 * serves many callers; it belongs to none of their traces).
 */
export class Batcher<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private readonly flushing = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  /** Set by drain: flush what waits without waiting for it to fill. */
  private draining = false;
  private readonly concurrency: number;
  private readonly runFlush: (items: readonly Item[]) => Promise<readonly Result[]>;

  constructor(private readonly options: BatcherOptions<Item, Result>) {
    if (options.maxItems < 1) throw new Error('A batch holds at least one item');
    this.concurrency = options.concurrency ?? 1;
    this.runFlush = AsyncResource.bind((items: readonly Item[]) => options.flush(items));
  }

  /** Resolves with the item's result once its batch is done; rejects when its work failed. */
  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, at: Date.now(), resolve, reject });
      this.flushWhatIsDue();
    });
  }

  /** Flushes everything waiting now, and resolves when every flush has ended (for a clean stop). */
  async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0 || this.flushing.size > 0) {
        this.flushWhatIsDue();
        await Promise.race(this.flushing);
      }
    } finally {
      this.draining = false;
    }
  }

  /** A batch is due when full, or when its oldest item has waited maxWaitMs. */
  private isDue(): boolean {
    const oldest = this.waiting[0];
    if (!oldest) return false;
    return this.draining || this.waiting.length >= this.options.maxItems || Date.now() - oldest.at >= this.options.maxWaitMs;
  }

  /** Starts flushes while a slot is free and a batch is due; otherwise keeps a timer for the oldest item. */
  private flushWhatIsDue(): void {
    while (this.flushing.size < this.concurrency && this.isDue()) {
      const batch = this.waiting.splice(0, this.options.maxItems);
      const flushed: Promise<void> = this.flushBatch(batch).finally(() => {
        this.flushing.delete(flushed);
        this.flushWhatIsDue();
      });
      this.flushing.add(flushed);
    }
    const oldest = this.waiting[0];
    // With every slot busy, the end of a flush starts the next batch; no timer is needed.
    if (oldest && this.flushing.size < this.concurrency) {
      this.timer ??= setTimeout(this.onTimer, Math.max(0, oldest.at + this.options.maxWaitMs - Date.now()));
    } else if (!oldest && this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    this.flushWhatIsDue();
  };

  private async flushBatch(batch: readonly Waiting<Item, Result>[]): Promise<void> {
    let results: readonly Result[];
    try {
      results = await this.runFlush(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length) throw new Error(`A batch of ${batch.length} items was flushed with ${results.length} results`);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const waiting of batch) await this.flushBatch([waiting]);
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index]!));
  }
}
