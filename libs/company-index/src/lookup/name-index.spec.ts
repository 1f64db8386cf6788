import fc from 'fast-check';
import { byNameSimilarity } from './lookup-decision';
import { NameIndex } from './name-index';
import { NAME_CANDIDATE_MIN, nameSimilarity } from './name-words';

const word = fc.constantFrom('acme', 'group', 'nimbus', 'partners', 'labs', 'blue', 'river', 'GmbH', 'Inc.', 'müller', 'mueller', 'north', 'star');
const name = fc.array(word, { minLength: 0, maxLength: 7 }).map((words) => words.join(' '));
const country = fc.constantFrom('Germany', 'France', null);
const idOf = (i: number) => `c${String(i).padStart(4, '0')}`;

describe('NameIndex', () => {
  it('finds exactly the companies whose name similarity reaches the candidate minimum, within the country asked', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, country), { maxLength: 80 }), name, fc.option(fc.constantFrom('Germany', 'France'), { nil: undefined }), (companies, query, inCountry) => {
        const index = new NameIndex('1');
        companies.forEach(([companyName, companyCountry], i) => index.add({ id: idOf(i), name: companyName, country: companyCountry }));
        const expected = companies
          .map(([companyName, companyCountry], i) => ({ companyId: idOf(i), similarity: Math.round(nameSimilarity(query, companyName) * 100), companyCountry }))
          .filter((row) => row.similarity >= NAME_CANDIDATE_MIN && (inCountry === undefined || row.companyCountry === inCountry))
          .map(({ companyId, similarity }) => ({ companyId, similarity }));
        const known = inCountry === undefined || companies.some(([, companyCountry]) => companyCountry === inCountry);
        const ranked = known ? expected.sort(byNameSimilarity) : [];
        expect(index.candidates(query, inCountry)).toEqual(ranked);
        // The best three, as a lookup asks; a second lookup answers the same (per-lookup marks are reset).
        expect(index.candidates(query, inCountry, 3)).toEqual(ranked.slice(0, 3));
        expect(index.candidates(query, inCountry, 3)).toEqual(ranked.slice(0, 3));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses companies out of id order (ordinals break ties as ids do)', () => {
    const index = new NameIndex('1');
    index.add({ id: 'b', name: 'Acme', country: null });
    expect(() => index.add({ id: 'a', name: 'Acme', country: null })).toThrow(/id order/);
  });

  it('says a country no company is in is unknown', () => {
    const index = new NameIndex('1');
    index.add({ id: 'a', name: 'Acme GmbH', country: 'Germany' });
    expect(index.match({ name: 'Acme', country: 'Peru' })).toEqual({ knownCountry: false });
    expect(index.match({ name: 'Acme', country: 'Germany' })).toEqual({ knownCountry: true, candidates: [{ companyId: 'a', similarity: 100 }] });
  });
});
