/**
 * The ids of every company at one data version, in id order, 16 bytes each: a company's
 * ordinal is its place here, as in the postings and the in-memory columns of that version.
 * uuids compare as their bytes, as in PostgreSQL.
 */
export class CompanyIds {
  private readonly bytes: Buffer;

  constructor(readonly size: number) {
    this.bytes = Buffer.alloc(size * 16);
  }

  set(ordinal: number, id: string): void {
    this.bytes.write(id.replaceAll('-', ''), ordinal * 16, 16, 'hex');
  }

  /** The id of an ordinal, as PostgreSQL prints a uuid. */
  idOf(ordinal: number): string {
    const hex = this.bytes.toString('hex', ordinal * 16, ordinal * 16 + 16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** How many companies have an id at or below `id`. */
  countUpTo(id: string): number {
    const target = Buffer.from(id.replaceAll('-', ''), 'hex');
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      // ids[middle] compared with the target: at or below it, the answer lies above middle.
      if (this.bytes.compare(target, 0, 16, middle * 16, middle * 16 + 16) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The ordinal of a company id; undefined for an id no company has. */
  ordinalOf(id: string): number | undefined {
    const ordinal = this.countUpTo(id) - 1;
    return ordinal >= 0 && this.idOf(ordinal) === id.toLowerCase() ? ordinal : undefined;
  }
}
