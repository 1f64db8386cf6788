/**
 * Company names as lookups compare them (extensions.md, section 1): a set of words after Unicode
 * NFKD, with accents, punctuation and case removed and legal forms dropped; two names are as
 * similar as the Jaccard index of their word sets, in hundredths.
 */

/** Legal forms written as one word once dots are gone ("S.A." is "sa", "B.V." is "bv"). */
const LEGAL_FORM_WORDS: ReadonlySet<string> = new Set([
  'inc', 'incorporated', 'llc', 'ltd', 'limited', 'gmbh', 'ag', 'sa', 'sas', 'sarl', 'srl', 'spa', 'bv', 'nv', 'plc', 'corp',
  'corporation', 'co', 'company', 'pty', 'pvt', 'kg', 'oy', 'ab', 'as', 'aps', 'kk', 'llp', 'lp', 'sl',
  // Beyond the contract's list, forms of the countries the dataset covers.
  'ltda', 'pte', 'ug', 'dac', 'oyj', 'asa', 'gk', 'fzllc', 'fze', 'private',
]);

/** Legal forms of several words, dropped before single words ("S.A. de C.V.", "Sp. z o.o."). */
const LEGAL_FORM_PHRASES: readonly (readonly string[])[] = [
  ['s', 'de', 'rl', 'de', 'cv'],
  ['sa', 'de', 'cv'],
  ['sp', 'z', 'oo'],
];

/** The words of a name, in order (repeats kept); legal forms dropped. */
function nameWordList(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // Dots and apostrophes join what they separate ("S.A." is "sa", "O'Brien" is "obrien"); other punctuation separates.
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  let words = plain === '' ? [] : plain.split(' ');
  for (const phrase of LEGAL_FORM_PHRASES) words = withoutPhrase(words, phrase);
  return words.filter((word) => !LEGAL_FORM_WORDS.has(word));
}

function withoutPhrase(words: string[], phrase: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    if (phrase.every((word, offset) => words[i + offset] === word)) i += phrase.length - 1;
    else kept.push(words[i] as string);
  }
  return kept;
}

/** The distinct words of a name after normalising, sorted. */
export function nameWords(name: string): string[] {
  return [...new Set(nameWordList(name))].sort();
}

/** The Jaccard index of two word sets in hundredths (0 to 100, rounded); two empty sets share nothing. */
export function jaccardHundredths(shared: number, sizeA: number, sizeB: number): number {
  const union = sizeA + sizeB - shared;
  return union === 0 ? 0 : Math.round((shared * 100) / union);
}

/** The name similarity of two names, two decimals. */
export function nameSimilarity(a: string, b: string): number {
  const wordsA = nameWords(a);
  const wordsB = new Set(nameWords(b));
  const shared = wordsA.filter((word) => wordsB.has(word)).length;
  return jaccardHundredths(shared, wordsA.length, wordsB.size) / 100;
}

/** Candidates reach this similarity (hundredths). */
export const NAME_CANDIDATE_MIN = 50;
/** The best candidate is matched at this similarity or more (hundredths)... */
export const NAME_MATCH_MIN = 90;
/** ...and this far above the next one (hundredths). */
export const NAME_MATCH_LEAD = 10;
