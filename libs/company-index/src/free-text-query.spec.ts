import { expandFreeTextQuery, wordMatches } from './free-text-query';
import { SYNONYM_GROUPS } from './query-synonyms';

const branchesOf = (text: string) => expandFreeTextQuery(text).branches;

describe('free-text query synonyms', () => {
  it('leaves a query without synonyms as typed, for the back ends to read as they always did', () => {
    for (const text of ['cloud security', 'supply chain -software', '"machine learning" or robotics', '']) expect(expandFreeTextQuery(text)).toEqual({ text });
  });

  it('gives a word every entry of its group, the word as written first', () => {
    expect(branchesOf('dental clinic')).toEqual([
      { rest: 'clinic', synonyms: [{ written: 'dental', alternatives: ['dental', 'dentist', 'dentistry'] }] },
    ]);
  });

  it('reads an abbreviation in any case and a plural of an entry as the entry', () => {
    expect(branchesOf('AI')).toEqual([{ rest: '', synonyms: [{ written: 'ai', alternatives: ['ai', 'artificial intelligence'] }] }]);
    expect(branchesOf('Dentists')?.[0]?.synonyms[0]?.alternatives).toEqual(['dentists', 'dental', 'dentist', 'dentistry']);
    expect(branchesOf('charities')?.[0]?.synonyms[0]?.alternatives).toEqual(['charities', 'nonprofit', 'non profit', 'charity', 'ngo']);
    expect(wordMatches('agencies', 'agency')).toBe(true);
    expect(wordMatches('boxes', 'box')).toBe(true);
    expect(wordMatches('dentistry', 'dentist')).toBe(false);
  });

  it('takes the longest entry at a word: "human resources" before a word of it, "artificial intelligence" as one', () => {
    expect(branchesOf('human resources software')).toEqual([
      { rest: 'software', synonyms: [{ written: 'human resources', alternatives: ['human resources', 'hr'] }] },
    ]);
    expect(branchesOf('artificial intelligence startups')).toEqual([
      { rest: 'startups', synonyms: [{ written: 'artificial intelligence', alternatives: ['artificial intelligence', 'ai'] }] },
    ]);
  });

  it('reads a hyphenated entry as its words, written with the hyphen or as separate words', () => {
    const expected = { written: 'e commerce', alternatives: ['e commerce', 'ecommerce'] };
    expect(branchesOf('e-commerce platform')).toEqual([{ rest: 'platform', synonyms: [expected] }]);
    expect(branchesOf('e commerce platform')).toEqual([{ rest: 'platform', synonyms: [expected] }]);
    expect(branchesOf('ecommerce')?.[0]?.synonyms[0]?.alternatives).toEqual(['ecommerce', 'e commerce']);
  });

  it('gives no synonyms to quoted phrases, negated words or words joined to punctuation', () => {
    for (const text of ['"dental care" -ai', '- dental', '-hr', '(dental)', 'dental"care"', 'crm/erp']) expect(expandFreeTextQuery(text)).toEqual({ text });
    // Punctuation after a word separates it from the next: the word keeps its synonyms.
    expect(branchesOf('AI, robotics')).toEqual([{ rest: 'robotics', synonyms: [{ written: 'ai', alternatives: ['ai', 'artificial intelligence'] }] }]);
    // A word touching a quote mark takes none; a quote without a closing one opens no phrase, so the words after it do.
    expect(branchesOf('"dental')).toBeUndefined();
    expect(branchesOf('" dental')?.[0]).toEqual({ rest: '"', synonyms: [{ written: 'dental', alternatives: ['dental', 'dentist', 'dentistry'] }] });
  });

  it('keeps or-branches apart, as websearch syntax does (a or b c is a, or b and c)', () => {
    expect(branchesOf('hr or crm software')).toEqual([
      { rest: '', synonyms: [{ written: 'hr', alternatives: ['hr', 'human resources'] }] },
      { rest: 'software', synonyms: [{ written: 'crm', alternatives: ['crm', 'customer relationship management'] }] },
    ]);
    expect(branchesOf('dental OR veterinary')).toEqual([
      { rest: '', synonyms: [{ written: 'dental', alternatives: ['dental', 'dentist', 'dentistry'] }] },
      { rest: '', synonyms: [{ written: 'veterinary', alternatives: ['veterinary', 'veterinarian', 'vet'] }] },
    ]);
    // An `or` that starts or ends the query is a word.
    expect(branchesOf('or dental')).toEqual([{ rest: 'or', synonyms: [{ written: 'dental', alternatives: ['dental', 'dentist', 'dentistry'] }] }]);
    expect(branchesOf('dental or')).toEqual([{ rest: 'or', synonyms: [{ written: 'dental', alternatives: ['dental', 'dentist', 'dentistry'] }] }]);
  });

  it('reads a long query in one pass', () => {
    const text = Array.from({ length: 2_000 }, (_, i) => (i % 3 === 0 ? 'hr' : 'x')).join(' ');
    const started = performance.now();
    expect(branchesOf(text)?.[0]?.synonyms).toHaveLength(667);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('lists each entry once, in lower case, as words of letters and digits joined by spaces or hyphens', () => {
    const entries = SYNONYM_GROUPS.flat();
    expect(new Set(entries).size).toBe(entries.length);
    for (const entry of entries) expect(entry).toMatch(/^[a-z0-9]+(?:[ -][a-z0-9]+)*$/);
    for (const group of SYNONYM_GROUPS) expect(group.length).toBeGreaterThanOrEqual(2);
  });
});
