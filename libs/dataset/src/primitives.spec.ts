import { formatDay, parseDay } from './dates';
import { IdKind, indexFromRecordId, recordId } from './ids';
import { mix32, Rng, seedKey, unmix32 } from './prng';
import { WeightedTable } from './weighted-table';

describe('mixing and ids', () => {
  it('inverts the 32-bit mix for any value', () => {
    const rng = new Rng(seedKey(1), 1, 1);
    const values = Array.from({ length: 10_000 }, () => rng.next());
    expect(values.filter((value) => unmix32(mix32(value)) !== value)).toEqual([]);
    expect(unmix32(mix32(0))).toBe(0);
    expect(unmix32(mix32(0xffffffff))).toBe(0xffffffff);
  });

  it('never gives two records, kinds or ordinals the same id, and reads the index back', () => {
    const key = seedKey('ids');
    const ids = new Set<string>();
    const unreadable: string[] = [];
    for (let index = 0; index < 2_000; index += 1) {
      for (const kind of [IdKind.company, IdKind.jobPosting, IdKind.newsEvent]) {
        for (let ordinal = 0; ordinal < 5; ordinal += 1) {
          const id = recordId(key, index, kind, ordinal);
          ids.add(id);
          if (indexFromRecordId(key, id, kind, ordinal) !== index) unreadable.push(id);
        }
      }
    }
    expect(unreadable).toEqual([]);
    expect(ids.size).toBe(2_000 * 3 * 5);
    expect(indexFromRecordId(key, recordId(key, 5, IdKind.company), IdKind.jobPosting)).toBeNull();
  });

  it('distinguishes integer seeds beyond 32 bits and string seeds from numbers', () => {
    expect(seedKey(1)).not.toEqual(seedKey(1 + 2 ** 32));
    expect(seedKey('1')).not.toEqual(seedKey(1));
    expect(seedKey('abc')).toEqual(seedKey('abc'));
    expect(() => seedKey(Number.NaN)).toThrow(RangeError);
  });
});

describe('weighted tables', () => {
  it('draws items in proportion to their weights', () => {
    const table = new WeightedTable([['a', 1], ['b', 3], ['c', 6]] as const);
    const rng = new Rng(seedKey(5), 9, 0);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 60_000; i += 1) counts[table.draw(rng)] += 1;
    expect(counts.a / 60_000).toBeCloseTo(0.1, 1);
    expect(counts.b / 60_000).toBeCloseTo(0.3, 1);
    expect(counts.c / 60_000).toBeCloseTo(0.6, 1);
    expect(table.share('b')).toBeCloseTo(0.3, 10);
  });

  it('refuses an empty or weightless table', () => {
    expect(() => new WeightedTable([])).toThrow();
    expect(() => new WeightedTable([['a', 0]])).toThrow();
  });
});

describe('day arithmetic', () => {
  it('round-trips calendar days, leap days included', () => {
    for (const day of ['1970-01-01', '2000-02-29', '2024-02-29', '2025-12-31', '1850-06-15']) expect(formatDay(parseDay(day))).toBe(day);
    expect(parseDay('2025-03-01') - parseDay('2025-02-28')).toBe(1);
    expect(parseDay('2024-03-01') - parseDay('2024-02-28')).toBe(2);
  });

  it('rejects what is not a calendar day', () => {
    expect(() => parseDay('2025-02-30')).toThrow(RangeError);
    expect(() => parseDay('2025-2-3')).toThrow(RangeError);
  });
});
