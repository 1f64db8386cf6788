import type { Rng } from './prng';

/** A fixed set of items drawn with fixed weights; built once, drawn from millions of times. */
export class WeightedTable<T> {
  readonly items: readonly T[];
  private readonly cumulative: Float64Array;

  constructor(entries: readonly (readonly [T, number])[]) {
    if (entries.length === 0) throw new Error('a weighted table needs at least one entry');
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    if (!(total > 0)) throw new Error('a weighted table needs a positive total weight');
    this.items = entries.map(([item]) => item);
    this.cumulative = new Float64Array(entries.length);
    let running = 0;
    entries.forEach(([, weight], index) => {
      running += weight / total;
      this.cumulative[index] = running;
    });
    this.cumulative[entries.length - 1] = 1;
  }

  /** Share of the total weight carried by one item (used by tests to check rates). */
  share(item: T): number {
    const index = this.items.indexOf(item);
    if (index < 0) return 0;
    const before = index === 0 ? 0 : (this.cumulative[index - 1] as number);
    return (this.cumulative[index] as number) - before;
  }

  draw(rng: Rng): T {
    const u = rng.float();
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (u < (this.cumulative[mid] as number)) high = mid;
      else low = mid + 1;
    }
    return this.items[low] as T;
  }
}
