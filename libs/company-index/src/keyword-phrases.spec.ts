import { collapsePhrases, normalizePhrase } from './keyword-phrases';

describe('keyword phrases', () => {
  it('ignores case and surrounding or inner whitespace', () => {
    expect(normalizePhrase('  Machine \t Learning ')).toBe('machine learning');
  });

  it('collapses entries that are the same phrase and flags it', () => {
    expect(collapsePhrases(['AI', ' ai ', 'Ai'])).toEqual({ phrases: ['ai'], collapsed: true });
  });

  it('drops a phrase that holds another as whole words, keeping the shorter (it already finds every match)', () => {
    expect(collapsePhrases(['machine learning', 'Learning'])).toEqual({ phrases: ['learning'], collapsed: true });
    expect(collapsePhrases(['cloud', 'cloud native platform', 'native'])).toEqual({ phrases: ['cloud', 'native'], collapsed: true });
  });

  it('keeps phrases that only share letters, not whole words, and does not flag them', () => {
    expect(collapsePhrases(['app', 'apple', 'cloud software'])).toEqual({ phrases: ['app', 'apple', 'cloud software'], collapsed: false });
  });

  it('drops blank entries without calling that a collapse', () => {
    expect(collapsePhrases(['  ', 'fintech'])).toEqual({ phrases: ['fintech'], collapsed: false });
  });
});
