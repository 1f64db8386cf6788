/** A company and its similarity; ordinals are in id order, so they break ties as ids do. */
export interface Ranked {
  ordinal: number;
  similarity: number;
}

/**
 * The best `capacity` companies offered so far, most similar first and ties by id: a binary
 * heap whose root is the last one kept, so an offer costs log(capacity).
 */
export class TopSimilar {
  private readonly ordinals: Int32Array;
  private readonly similarities: Float64Array;
  private count = 0;

  constructor(readonly capacity: number) {
    this.ordinals = new Int32Array(capacity);
    this.similarities = new Float64Array(capacity);
  }

  get full(): boolean {
    return this.count === this.capacity;
  }

  /** The similarity of the last one kept once full; below every score before. */
  get worstSimilarity(): number {
    return this.full ? (this.similarities[0] ?? -Infinity) : -Infinity;
  }

  offer(ordinal: number, similarity: number): void {
    if (this.capacity === 0) return;
    if (!this.full) {
      this.ordinals[this.count] = ordinal;
      this.similarities[this.count] = similarity;
      this.count += 1;
      this.siftUp(this.count - 1);
      return;
    }
    if (!this.ranksBelow(0, ordinal, similarity)) return;
    this.ordinals[0] = ordinal;
    this.similarities[0] = similarity;
    this.siftDown(0);
  }

  /** Most similar first, ties by id ascending. */
  ranked(): Ranked[] {
    const rows: Ranked[] = [];
    for (let at = 0; at < this.count; at += 1) rows.push({ ordinal: this.ordinals[at] ?? 0, similarity: this.similarities[at] ?? 0 });
    return rows.sort((a, b) => b.similarity - a.similarity || a.ordinal - b.ordinal);
  }

  /** Whether the kept company at `at` ranks below (ordinal, similarity). */
  private ranksBelow(at: number, ordinal: number, similarity: number): boolean {
    const kept = this.similarities[at] ?? 0;
    return kept < similarity || (kept === similarity && (this.ordinals[at] ?? 0) > ordinal);
  }

  private swap(a: number, b: number): void {
    const ordinal = this.ordinals[a] ?? 0;
    const similarity = this.similarities[a] ?? 0;
    this.ordinals[a] = this.ordinals[b] ?? 0;
    this.similarities[a] = this.similarities[b] ?? 0;
    this.ordinals[b] = ordinal;
    this.similarities[b] = similarity;
  }

  /** The root holds the lowest-ranked: a child moves up while it ranks below its parent. */
  private siftUp(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.ranksBelow(parent, this.ordinals[at] ?? 0, this.similarities[at] ?? 0)) {
        this.swap(at, parent);
        at = parent;
      } else return;
    }
  }

  private siftDown(at: number): void {
    for (;;) {
      let lowest = at;
      const left = 2 * at + 1;
      if (left < this.count && !this.ranksBelow(lowest, this.ordinals[left] ?? 0, this.similarities[left] ?? 0)) lowest = left;
      if (left + 1 < this.count && !this.ranksBelow(lowest, this.ordinals[left + 1] ?? 0, this.similarities[left + 1] ?? 0)) lowest = left + 1;
      if (lowest === at) return;
      this.swap(at, lowest);
      at = lowest;
    }
  }
}
