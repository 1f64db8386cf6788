/**
 * Keyword phrases as search matches them: case and whitespace do not matter, so "Machine  Learning"
 * and "machine learning" are one phrase.
 */
export function normalizePhrase(phrase: string): string {
  return phrase.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** True when `outer` holds `inner` as a run of whole (whitespace-separated) words. */
function containsPhrase(outer: string, inner: string): boolean {
  return ` ${outer} `.includes(` ${inner} `);
}

export interface CollapsedPhrases {
  phrases: string[];
  /** Some entries were the same phrase, or held another entry, and were dropped. */
  collapsed: boolean;
}

/**
 * Keywords are ORed, so a phrase that holds another adds no match the shorter one does not
 * already find: it is dropped, as are repeats. What remains keeps the order of first mention.
 */
export function collapsePhrases(entries: readonly string[]): CollapsedPhrases {
  const normalized = entries.map(normalizePhrase).filter((phrase) => phrase !== '');
  const distinct = [...new Set(normalized)];
  const phrases = distinct.filter((phrase) => !distinct.some((other) => other !== phrase && containsPhrase(phrase, other)));
  return { phrases, collapsed: phrases.length < normalized.length };
}
