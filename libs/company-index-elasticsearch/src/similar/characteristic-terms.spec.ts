import { CharacteristicTerms } from './characteristic-terms';

describe('characteristic terms', () => {
  it('ranks a description\'s lexemes by occurrences times ln(companies / descriptions holding them)', () => {
    const terms = new CharacteristicTerms();
    for (const description of ['Freight, freight and rail.', 'Rail to the ports.', null]) terms.count(description);
    expect(terms.of('Freight, freight and rail.')).toEqual(['freight', 'rail']);
    expect(terms.of('Rail to the ports.')).toEqual(['port', 'rail']);
    expect(terms.of(null)).toEqual([]);
  });

  it('breaks ties by lexeme in code-point order, as PostgreSQL\'s "C" collation does', () => {
    const terms = new CharacteristicTerms();
    terms.count('zeta émile alpha');
    terms.count(null);
    // "é" (U+00E9) sorts after "z"; a letter outside the Basic Multilingual Plane after both.
    expect(terms.of('zeta émile alpha 𝔘nit')).toEqual(['alpha', 'zeta', 'émile', '𝔘nit']);
  });

  it('keeps the best 25', () => {
    // Words with digits are kept as they are, not stemmed: thirty lexemes.
    const text = Array.from({ length: 30 }, (_, n) => `q${n + 10}x`).join(' ');
    const terms = new CharacteristicTerms();
    terms.count(text);
    terms.count(null);
    // All of one score: the first 25 in code-point order.
    expect(terms.of(text)).toEqual(Array.from({ length: 25 }, (_, n) => `q${n + 10}x`));
  });
});
