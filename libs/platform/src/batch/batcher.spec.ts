import { AsyncLocalStorage } from 'node:async_hooks';
import { Batcher } from './batcher';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A batcher that doubles numbers and notes each batch it was given. */
function doubling(options: { maxItems: number; maxWaitMs: number; concurrency?: number; flushMs?: number; refuse?: (item: number) => boolean }) {
  const batches: number[][] = [];
  let running = 0;
  let mostAtOnce = 0;
  const batcher = new Batcher<number, number>({
    ...options,
    async flush(items) {
      batches.push([...items]);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        await sleep(options.flushMs ?? 0);
        const refused = items.find((item) => options.refuse?.(item));
        if (refused !== undefined) throw new Error(`cannot write ${refused}`);
        return items.map((item) => item * 2);
      } finally {
        running -= 1;
      }
    },
  });
  return { batcher, batches, mostAtOnce: () => mostAtOnce };
}

describe('Batcher', () => {
  it('flushes as soon as a batch is full and answers each caller its own result', async () => {
    const { batcher, batches } = doubling({ maxItems: 3, maxWaitMs: 60_000 });
    await expect(Promise.all([1, 2, 3].map((item) => batcher.add(item)))).resolves.toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('flushes a batch that did not fill once its first item has waited maxWaitMs', async () => {
    const { batcher, batches } = doubling({ maxItems: 100, maxWaitMs: 20 });
    const started = Date.now();
    const results = await Promise.all([batcher.add(1), sleep(5).then(() => batcher.add(2))]);
    expect(results).toEqual([2, 4]);
    expect(batches).toEqual([[1, 2]]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(19);
  });

  it('runs at most `concurrency` flushes at once; items arriving meanwhile gather into the next batches', async () => {
    const { batcher, batches, mostAtOnce } = doubling({ maxItems: 2, maxWaitMs: 1, concurrency: 2, flushMs: 20 });
    const items = Array.from({ length: 10 }, (_, index) => index);
    await expect(Promise.all(items.map((item) => batcher.add(item)))).resolves.toEqual(items.map((item) => item * 2));
    expect(mostAtOnce()).toBe(2);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(items);
    expect(batches.every((batch) => batch.length <= 2)).toBe(true);
  });

  it('fails only the caller of an item that cannot be written: a failed batch is flushed again item by item', async () => {
    const { batcher, batches } = doubling({ maxItems: 3, maxWaitMs: 60_000, refuse: (item) => item === 2 });
    const outcomes = await Promise.allSettled([1, 2, 3].map((item) => batcher.add(item)));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('cannot write 2') },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('rejects every caller of a batch whose work keeps failing', async () => {
    const { batcher } = doubling({ maxItems: 2, maxWaitMs: 60_000, refuse: () => true });
    const outcomes = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });

  it('drain flushes what waits without waiting for the batch to fill, and returns when every flush has ended', async () => {
    const { batcher, batches } = doubling({ maxItems: 100, maxWaitMs: 60_000, flushMs: 10 });
    const results = [batcher.add(1), batcher.add(2)];
    await batcher.drain();
    expect(batches).toEqual([[1, 2]]);
    await expect(Promise.all(results)).resolves.toEqual([2, 4]);
  });

  it("flushes in the context the batcher was created in, not in a caller's", async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const batcher = storage.run('service', () => new Batcher<number, number>({
      maxItems: 2,
      maxWaitMs: 60_000,
      async flush(items) {
        seen.push(storage.getStore());
        return items;
      },
    }));
    await Promise.all([storage.run('caller one', () => batcher.add(1)), storage.run('caller two', () => batcher.add(2))]);
    expect(seen).toEqual(['service']);
  });
});
