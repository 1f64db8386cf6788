/**
 * Sets of company ordinals as bits (bit i of word i >>> 5 for ordinal i): what postings and
 * column filters are combined as. Typed-array reads are non-null asserted here and in the
 * search loops: the sets and the columns are sized to the companies, so every index is in
 * range. (A shared read helper took arrays of five element types and made the hot loops
 * megamorphic: tallies ran three times slower.)
 */

/** A bit per company: bit i set when ordinal i is in the set. */
export type BitSet = Uint32Array;

export const bitSetOf = (size: number): BitSet => new Uint32Array(Math.ceil(size / 32));
export const has = (set: BitSet, ordinal: number): boolean => (set[ordinal >>> 5]! & (1 << (ordinal & 31))) !== 0;
export const add = (set: BitSet, ordinal: number): void => {
  set[ordinal >>> 5] = set[ordinal >>> 5]! | (1 << (ordinal & 31));
};
export const remove = (set: BitSet, ordinal: number): void => {
  set[ordinal >>> 5] = set[ordinal >>> 5]! & ~(1 << (ordinal & 31));
};

/** Calls `visit` with every ordinal of the set below `size`, ascending. */
export function forEachOrdinal(set: BitSet, size: number, visit: (ordinal: number) => void): void {
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word]!;
    while (bits !== 0) {
      const ordinal = word * 32 + 31 - Math.clz32(bits & -bits);
      if (ordinal >= size) return;
      visit(ordinal);
      bits &= bits - 1;
    }
  }
}

/** Keeps in `target` only the ordinals that are also in `other` (a set of the same size). */
export function intersect(target: BitSet, other: BitSet): void {
  for (let word = 0; word < target.length; word += 1) target[word] = target[word]! & other[word]!;
}

/** Adds the ordinals of `other` to `target`. */
export function unite(target: BitSet, other: BitSet): void {
  for (let word = 0; word < target.length; word += 1) target[word] = target[word]! | other[word]!;
}

/** Takes the ordinals of `other` out of `target`. */
export function subtract(target: BitSet, other: BitSet): void {
  for (let word = 0; word < target.length; word += 1) target[word] = target[word]! & ~other[word]!;
}

export function population(set: BitSet): number {
  let count = 0;
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word]!;
    while (bits !== 0) {
      bits &= bits - 1;
      count += 1;
    }
  }
  return count;
}

/** Sets the bits of packed ordinals (4 bytes each, big-endian). */
export function addPackedOrdinals(set: BitSet, packed: Buffer): void {
  for (let offset = 0; offset + 4 <= packed.length; offset += 4) add(set, packed.readUInt32BE(offset));
}

/** Every ordinal below `size`. */
export function everyOrdinal(size: number): BitSet {
  const set = bitSetOf(size).fill(0xffffffff);
  for (let ordinal = size; ordinal < set.length * 32; ordinal += 1) remove(set, ordinal);
  return set;
}
