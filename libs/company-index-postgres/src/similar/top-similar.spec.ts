import fc from 'fast-check';
import { TopSimilar } from './top-similar';

describe('TopSimilar', () => {
  it('keeps the best of what it is offered, most similar first and ties by ordinal', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 300 }), fc.integer({ min: 0, max: 50 }), (ordinals, capacity) => {
        const offered = ordinals.map((ordinal) => ({ ordinal, similarity: (ordinal * 7_919) % 13 / 10 }));
        const top = new TopSimilar(capacity);
        for (const row of offered) top.offer(row.ordinal, row.similarity);
        const expected = [...offered].sort((a, b) => b.similarity - a.similarity || a.ordinal - b.ordinal).slice(0, capacity);
        expect(top.ranked()).toEqual(expected);
        expect(top.full).toBe(offered.length >= capacity);
        expect(top.worstSimilarity).toBe(capacity > 0 && top.full ? expected[capacity - 1]?.similarity : -Infinity);
      }),
      { numRuns: 300 },
    );
  });
});
