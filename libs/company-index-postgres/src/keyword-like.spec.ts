import { keywordWords } from '@radar/company-index';
import { keywordLikePattern } from './keyword-like';

describe('keyword LIKE patterns', () => {
  it('reduces a phrase to its lower-case words between spaces', () => {
    expect(keywordLikePattern('Machine-Learning  Ops')).toBe('% machine learning ops %');
  });

  it('keeps letters and digits of any script and drops LIKE wildcards with the other punctuation', () => {
    expect(keywordWords('Müller_50%')).toEqual(['müller', '50']);
  });

  it('has no pattern for a phrase without a word', () => {
    expect(keywordLikePattern('++ --')).toBeUndefined();
  });
});
