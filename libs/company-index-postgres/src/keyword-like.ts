import { keywordWords } from '@radar/company-index';

/**
 * A LIKE pattern over KEYWORD_TEXT: the phrase's words between spaces. The words hold only
 * letters and digits, so nothing needs escaping; undefined for a phrase without any word.
 * Literal spaces around the words are what lets pg_trgm use the index (word-padded trigrams).
 */
export function keywordLikePattern(phrase: string): string | undefined {
  const words = keywordWords(phrase);
  return words.length === 0 ? undefined : `% ${words.join(' ')} %`;
}
