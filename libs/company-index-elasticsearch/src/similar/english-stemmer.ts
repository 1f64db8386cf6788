/**
 * The Snowball English ("Porter2") stemmer as PostgreSQL's `english_stem` dictionary runs it
 * (src/backend/snowball, the stemmer of Snowball 2.x without the R1 exceptions for "past",
 * "univers", "later", "emerg" and "organ"), on a lower-case word. Letters outside a-z are
 * consonants to it, as in PostgreSQL's UTF-8 stemmer. Checked against PostgreSQL's own
 * `ts_lexize('english_stem', ...)` in the spec.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/** Whole words the algorithm leaves to a fixed answer. */
const SPECIAL_WORDS: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

/** Words left as they are once step 1a is done. */
const INVARIANT_AFTER_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

/** Prefixes after which R1 starts, whatever their letters. */
const R1_PREFIXES = ['gener', 'commun', 'arsen'];

const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDINGS = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

const STEP_2: ReadonlyMap<string, string> = new Map([
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['entli', 'ent'],
  ['izer', 'ize'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['alli', 'al'],
  ['fulness', 'ful'],
  ['ousli', 'ous'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['bli', 'ble'],
  ['fulli', 'ful'],
  ['lessli', 'less'],
]);

const STEP_3: ReadonlyMap<string, string> = new Map([
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
]);

const STEP_4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'ion'];

/** A word as letters, stemmed in place, with its regions R1 and R2 (where they start). */
class Word {
  readonly letters: string[];
  readonly p1: number;
  readonly p2: number;

  constructor(word: string) {
    this.letters = Array.from(word);
    // A 'y' at the start or after a vowel is a consonant: 'Y' until the end.
    for (let at = 0; at < this.letters.length; at += 1) {
      if (this.letters[at] === 'y' && (at === 0 || this.isVowel(at - 1))) this.letters[at] = 'Y';
    }
    const prefix = R1_PREFIXES.find((candidate) => this.letters.join('').startsWith(candidate));
    this.p1 = prefix === undefined ? this.afterVowelThenConsonant(0) : prefix.length;
    this.p2 = this.afterVowelThenConsonant(this.p1);
  }

  get length(): number {
    return this.letters.length;
  }

  isVowel(at: number): boolean {
    return at >= 0 && VOWELS.has(this.letters[at] as string);
  }

  private isConsonant(at: number): boolean {
    return at >= 0 && at < this.letters.length && !this.isVowel(at);
  }

  /** Past the first consonant after the first vowel from `from`; the length when there is none. */
  private afterVowelThenConsonant(from: number): number {
    let at = from;
    while (at < this.letters.length && !this.isVowel(at)) at += 1;
    while (at < this.letters.length && this.isVowel(at)) at += 1;
    return at < this.letters.length ? at + 1 : this.letters.length;
  }

  /** The longest of `suffixes` the word ends with. */
  longestSuffix(suffixes: Iterable<string>): string | undefined {
    const text = this.letters.join('');
    let found: string | undefined;
    for (const suffix of suffixes) if (text.endsWith(suffix) && (found === undefined || suffix.length > found.length)) found = suffix;
    return found;
  }

  /** Where a suffix of `length` letters starts. */
  startOf(length: number): number {
    return this.letters.length - length;
  }

  inR1(suffix: string): boolean {
    return this.startOf(suffix.length) >= this.p1;
  }

  inR2(suffix: string): boolean {
    return this.startOf(suffix.length) >= this.p2;
  }

  /** The letter just before a suffix. */
  before(suffix: string): string | undefined {
    return this.letters[this.startOf(suffix.length) - 1];
  }

  replace(suffix: string, by: string): void {
    this.letters.splice(this.startOf(suffix.length), suffix.length, ...by);
  }

  hasVowelBefore(end: number): boolean {
    for (let at = 0; at < end; at += 1) if (this.isVowel(at)) return true;
    return false;
  }

  /**
   * Whether the letters before `end` end in a short syllable: a consonant other than w, x and
   * Y after a vowel after a consonant, or a consonant after a vowel that starts the word.
   */
  endsInShortSyllable(end: number): boolean {
    if (!this.isConsonant(end - 1) || !this.isVowel(end - 2)) return false;
    if (end - 2 === 0) return true;
    return this.isConsonant(end - 3) && !['w', 'x', 'Y'].includes(this.letters[end - 1] as string);
  }

  toString(): string {
    return this.letters.join('').replaceAll('Y', 'y');
  }
}

function step1a(word: Word): void {
  const suffix = word.longestSuffix(['sses', 'ied', 'ies', 's', 'us', 'ss']);
  if (suffix === 'sses') word.replace(suffix, 'ss');
  else if (suffix === 'ied' || suffix === 'ies') word.replace(suffix, word.startOf(suffix.length) >= 2 ? 'i' : 'ie');
  // An 's' goes when a vowel comes before the letter before it.
  else if (suffix === 's' && word.hasVowelBefore(word.length - 2)) word.replace(suffix, '');
}

function step1b(word: Word): void {
  const suffix = word.longestSuffix(['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly']);
  if (suffix === undefined) return;
  if (suffix === 'eed' || suffix === 'eedly') {
    if (word.inR1(suffix)) word.replace(suffix, 'ee');
    return;
  }
  if (!word.hasVowelBefore(word.startOf(suffix.length))) return;
  word.replace(suffix, '');
  const ending = word.longestSuffix(['at', 'bl', 'iz', ...DOUBLES]);
  if (ending === 'at' || ending === 'bl' || ending === 'iz') word.letters.push('e');
  else if (ending !== undefined) word.letters.pop();
  else if (word.p1 === word.length && word.endsInShortSyllable(word.length)) word.letters.push('e');
}

function step1c(word: Word): void {
  const last = word.letters[word.length - 1];
  if ((last === 'y' || last === 'Y') && word.length > 2 && !word.isVowel(word.length - 2)) word.letters[word.length - 1] = 'i';
}

function step2(word: Word): void {
  const suffix = word.longestSuffix([...STEP_2.keys(), 'ogi', 'li']);
  if (suffix === undefined || !word.inR1(suffix)) return;
  if (suffix === 'ogi') {
    if (word.before(suffix) === 'l') word.replace(suffix, 'og');
  } else if (suffix === 'li') {
    if (LI_ENDINGS.has(word.before(suffix) ?? '')) word.replace(suffix, '');
  } else word.replace(suffix, STEP_2.get(suffix) as string);
}

function step3(word: Word): void {
  const suffix = word.longestSuffix([...STEP_3.keys(), 'ative']);
  if (suffix === undefined || !word.inR1(suffix)) return;
  if (suffix === 'ative') {
    if (word.inR2(suffix)) word.replace(suffix, '');
  } else word.replace(suffix, STEP_3.get(suffix) as string);
}

function step4(word: Word): void {
  const suffix = word.longestSuffix(STEP_4);
  if (suffix === undefined || !word.inR2(suffix)) return;
  if (suffix !== 'ion' || word.before(suffix) === 's' || word.before(suffix) === 't') word.replace(suffix, '');
}

function step5(word: Word): void {
  const suffix = word.longestSuffix(['e', 'l']);
  if (suffix === 'e' && (word.inR2(suffix) || (word.inR1(suffix) && !word.endsInShortSyllable(word.startOf(1))))) word.replace(suffix, '');
  if (suffix === 'l' && word.inR2(suffix) && word.before(suffix) === 'l') word.replace(suffix, '');
}

/** The stem of a lower-case word. */
export function englishStem(text: string): string {
  const special = SPECIAL_WORDS.get(text);
  if (special !== undefined) return special;
  if (Array.from(text).length < 3) return text;
  const word = new Word(text);
  step1a(word);
  if (INVARIANT_AFTER_1A.has(word.letters.join(''))) return word.toString();
  step1b(word);
  step1c(word);
  step2(word);
  step3(word);
  step4(word);
  step5(word);
  return word.toString();
}
