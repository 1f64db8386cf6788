/**
 * Keyword phrases match whole words in order: name and description are compared as their
 * runs of letters and digits, so "cloud" finds "Cloud-based" and "(cloud)" but not "cloudy",
 * and "machine learning" finds "machine-learning". KEYWORD_TEXT (filter-sql.ts) is the text
 * side of that comparison; this is the phrase side.
 */
export function keywordWords(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * A LIKE pattern over KEYWORD_TEXT: the phrase's words between spaces. The words hold only
 * letters and digits, so nothing needs escaping; undefined for a phrase without any word.
 * Literal spaces around the words are what lets pg_trgm use the index (word-padded trigrams).
 */
export function keywordLikePattern(phrase: string): string | undefined {
  const words = keywordWords(phrase);
  return words.length === 0 ? undefined : `% ${words.join(' ')} %`;
}
