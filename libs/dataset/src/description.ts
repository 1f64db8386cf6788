import type { IndustryGroup } from './data/industry-groups';
import type { Rng } from './prng';

export interface DescriptionFacts {
  readonly name: string;
  readonly group: IndustryGroup;
  /** "Austin, Texas" or "Germany"; null when the record has no location. */
  readonly location: string | null;
  readonly qualifier: string;
  readonly foundedYear: number | null;
}

const VOWELS = 'aeiouAEIOU';

function withArticle(phrase: string): string {
  return VOWELS.includes(phrase.charAt(0)) ? `an ${phrase}` : `a ${phrase}`;
}

/** Three different phrases of the group, in random order. */
function threePhrases(rng: Rng, phrases: readonly string[]): readonly [string, string, string] {
  const first = rng.int(phrases.length);
  let second = rng.int(phrases.length - 1);
  if (second >= first) second += 1;
  let third = rng.int(phrases.length);
  while (third === first || third === second) third = (third + 1) % phrases.length;
  return [phrases[first] as string, phrases[second] as string, phrases[third] as string];
}

/**
 * Two or three sentences carrying the group's searchable phrases verbatim ("machine
 * learning", "supply chain", "payments platform"), so full-text and keyword search have
 * something real to match.
 */
export function drawDescription(rng: Rng, facts: DescriptionFacts): string {
  const { name, group } = facts;
  const [p1, p2, p3] = threePhrases(rng, group.phrases);
  const subject = facts.qualifier === '' ? group.noun : `${facts.qualifier} ${group.noun}`;
  const where = facts.location === null ? '' : rng.chance(0.5) ? ` based in ${facts.location}` : ` headquartered in ${facts.location}`;
  let text = `${name} is ${withArticle(subject)}${where}.`;
  const audience = rng.pick(group.audiences);
  const form = rng.int(3);
  if (form === 0) text += ` It ${rng.pick(group.verbs)} ${p1} and ${p2} for ${audience}.`;
  else if (form === 1) text += ` The company is known for its work in ${p1} and ${p2}, serving ${audience}.`;
  else text += ` Its offering spans ${p1}, ${p2} and related services for ${audience}.`;
  if (rng.chance(0.65)) {
    const close = rng.int(3);
    if (close === 0 && facts.foundedYear !== null) text += ` Founded in ${facts.foundedYear}, the company is investing in ${p3}.`;
    else if (close === 1) text += ` Customers rely on its expertise in ${p3}.`;
    else text += ` The team is expanding its ${p3} capabilities.`;
  }
  return text;
}
