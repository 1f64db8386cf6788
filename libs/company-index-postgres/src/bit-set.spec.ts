import { add, bitSetOf, everyOrdinal, forEachOrdinal, has, population, remove, subtract } from './bit-set';

const ordinalsOf = (set: Uint32Array, size: number): number[] => {
  const found: number[] = [];
  forEachOrdinal(set, size, (ordinal) => found.push(ordinal));
  return found;
};

describe('bit sets of ordinals', () => {
  it('holds ordinals across word boundaries, the top bit of a word included', () => {
    const set = bitSetOf(70);
    for (const ordinal of [0, 31, 32, 63, 69]) add(set, ordinal);
    remove(set, 32);
    expect(ordinalsOf(set, 70)).toEqual([0, 31, 63, 69]);
    expect([has(set, 31), has(set, 32), has(set, 30)]).toEqual([true, false, false]);
    expect(population(set)).toBe(4);
  });

  it('leaves, subtracted from every ordinal, those not in a set below the size only', () => {
    const set = bitSetOf(35);
    add(set, 1);
    add(set, 33);
    const rest = everyOrdinal(35);
    subtract(rest, set);
    expect(ordinalsOf(rest, 64)).toEqual([0, ...Array.from({ length: 30 }, (_, i) => i + 2), 32, 34]);
  });

  it('makes a set of every ordinal below the size and nothing beyond', () => {
    const set = everyOrdinal(40);
    expect(population(set)).toBe(40);
    expect(ordinalsOf(set, 64)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
