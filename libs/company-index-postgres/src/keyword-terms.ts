import { keywordWords } from '@radar/company-index';

/**
 * Phrases of up to this many words are looked up as one term of the keyword postings
 * (migration 20261122120000_keyword_postings): every run of one, two or three consecutive
 * words of a company's name or description is a term, so such a phrase matches exactly the
 * companies whose posting list holds it, with no text to re-check. A longer phrase is left
 * to the trigram index (the live path).
 */
export const MAX_TERM_WORDS = 3;

/**
 * The terms of one company: its KEYWORD_TEXT (filter-sql.ts: the words of the name and of the
 * description, each part between single spaces, the parts joined by " | ") cut into runs of
 * one to MAX_TERM_WORDS words that do not cross from the name into the description, as the
 * LIKE pattern of a phrase cannot. Each term once.
 */
export function keywordTerms(keywordText: string): string[] {
  const terms = new Set<string>();
  for (const part of keywordText.split(' | ')) {
    const words = part.split(' ').filter((word) => word !== '');
    for (let start = 0; start < words.length; start += 1) {
      let term = '';
      for (let length = 1; length <= MAX_TERM_WORDS && start + length <= words.length; length += 1) {
        term = length === 1 ? (words[start] as string) : `${term} ${words[start + length - 1] as string}`;
        terms.add(term);
      }
    }
  }
  return [...terms];
}

/**
 * The term a phrase is looked up by: its words between single spaces. `null` for a phrase
 * without any word (it matches nothing), undefined for one longer than MAX_TERM_WORDS.
 */
export function phraseTerm(phrase: string): string | null | undefined {
  const words = keywordWords(phrase);
  if (words.length === 0) return null;
  return words.length <= MAX_TERM_WORDS ? words.join(' ') : undefined;
}
