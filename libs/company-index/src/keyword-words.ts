/**
 * Keyword phrases match whole words in order: name and description are compared as their
 * runs of letters and digits, so "cloud" finds "Cloud-based" and "(cloud)" but not "cloudy",
 * and "machine learning" finds "machine-learning". An engine compares the text side the same
 * way (the PostgreSQL engine's KEYWORD_TEXT, Elasticsearch's keyword analyzer); this is the phrase side.
 */
export function keywordWords(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

