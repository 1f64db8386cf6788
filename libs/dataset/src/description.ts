import type { IndustryGroup } from './data/industry-groups';
import type { IndustryVocabulary } from './data/industry-vocabulary';
import { SOFTWARE_VERTICALS } from './data/software-verticals';
import type { Rng } from './prng';

export interface DescriptionFacts {
  readonly name: string;
  /** The family of the industry: its verbs ("builds", "provides"). */
  readonly group: IndustryGroup;
  /** The industry's own words: nouns, offerings, customers. */
  readonly vocabulary: IndustryVocabulary;
  /** "Austin, Texas" or "Germany"; null when the record has no location. */
  readonly location: string | null;
  readonly qualifier: string;
  readonly foundedYear: number | null;
}

const VOWELS = 'aeiouAEIOU';
/** Letters whose names start with a vowel sound: "an HR firm", "an M&A advisory firm". */
const VOWEL_SOUND_LETTERS = 'AEFHILMNORSX';

function isUpperCase(char: string): boolean {
  return char >= 'A' && char <= 'Z';
}

function withArticle(phrase: string): string {
  const first = phrase.charAt(0);
  const second = phrase.charAt(1);
  // An acronym is read letter by letter (second character a capital or a digit: "HR", "B2B", "M&A"), a word as written.
  const acronym = isUpperCase(first) && (isUpperCase(second) || (second >= '0' && second <= '9') || second === '&');
  const vowelSound = acronym ? VOWEL_SOUND_LETTERS.includes(first) : VOWELS.includes(first);
  return vowelSound ? `an ${phrase}` : `a ${phrase}`;
}

/** Three different phrases of a list (of at least three), in random order. */
function threePhrases(rng: Rng, phrases: readonly string[]): readonly [string, string, string] {
  const first = rng.int(phrases.length);
  let second = rng.int(phrases.length - 1);
  if (second >= first) second += 1;
  let third = rng.int(phrases.length);
  while (third === first || third === second) third = (third + 1) % phrases.length;
  return [phrases[first] as string, phrases[second] as string, phrases[third] as string];
}

/**
 * Two or three sentences in the industry's own words: what the company is ("a family-owned
 * dental clinic"), two of its offerings and who it serves, and often a third offering. A
 * company of a software or IT industry names the market it builds for instead ("logistics
 * software and fleet tracking for freight forwarders"). Phrases are carried verbatim, so
 * full-text and keyword search find what the text says.
 */
export function drawDescription(rng: Rng, facts: DescriptionFacts): string {
  const { name, group, vocabulary } = facts;
  const vertical = vocabulary.verticalShare > 0 && rng.chance(vocabulary.verticalShare) ? rng.pick(SOFTWARE_VERTICALS) : null;
  const noun = rng.pick(vocabulary.nouns);
  const subject = facts.qualifier === '' ? noun : `${facts.qualifier} ${noun}`;
  const where = facts.location === null ? '' : rng.chance(0.5) ? ` based in ${facts.location}` : ` headquartered in ${facts.location}`;
  let text = `${name} is ${withArticle(subject)}${where}.`;
  const [p1, p2, p3] = threePhrases(rng, vocabulary.offerings);
  const form = rng.int(3);
  if (vertical !== null) {
    const [v1, v2] = threePhrases(rng, vertical.products);
    const buyers = rng.pick(vertical.customers);
    if (form === 0) text += ` It ${rng.pick(group.verbs)} ${v1} and ${v2} for ${buyers}.`;
    else if (form === 1) text += ` Its ${vertical.market} platform combines ${v1} and ${v2}, serving ${buyers}.`;
    else text += ` The company specializes in ${v1} for ${buyers}, with ${p1} built in.`;
  } else {
    const customers = rng.pick(vocabulary.customers);
    if (form === 0) text += ` It ${rng.pick(group.verbs)} ${p1} and ${p2} for ${customers}.`;
    else if (form === 1) text += ` The company is known for its work in ${p1} and ${p2}, serving ${customers}.`;
    else text += ` Its offering spans ${p1}, ${p2} and related services for ${customers}.`;
  }
  if (rng.chance(0.65)) {
    const close = rng.int(3);
    if (close === 0 && facts.foundedYear !== null) text += ` Founded in ${facts.foundedYear}, the company is investing in ${p3}.`;
    else if (close === 1) text += ` Customers rely on its expertise in ${p3}.`;
    else text += ` The team is expanding its ${p3} capabilities.`;
  }
  return text;
}
